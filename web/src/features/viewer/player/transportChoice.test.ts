import { describe, expect, it } from 'vitest';
import {
  chooseLiveTransport,
  type LiveChoiceContext,
  liveFailureOutcome,
  type SocketTransport,
  transportFromQuery,
} from './transportChoice';

const full = { mediaSource: true, webSocket: true, webCodecs: true };
/** Plain HTTP on a LAN address: no VideoDecoder outside a secure context. */
const insecure = { ...full, webCodecs: false };
const fresh: LiveChoiceContext = { failed: new Set(), audible: false };
const failed = (...transports: SocketTransport[]): LiveChoiceContext => ({ failed: new Set(transports), audible: false });

describe('live transport choice', () => {
  it('reads ?transport=frames|ws|hls, anything else is auto', () => {
    expect(transportFromQuery('?transport=hls')).toBe('hls');
    expect(transportFromQuery('?fullPage=true&transport=ws')).toBe('ws');
    expect(transportFromQuery('?transport=frames')).toBe('frames');
    expect(transportFromQuery(new URLSearchParams('transport=WS'))).toBe('auto');
    expect(transportFromQuery('?transport=dash')).toBe('auto');
    expect(transportFromQuery('')).toBe('auto');
  });

  it('takes the fastest transport the browser has: frames, else WebSocket/MSE, else LL-HLS', () => {
    expect(chooseLiveTransport('auto', full, fresh)).toBe('frames');
    expect(chooseLiveTransport('auto', insecure, fresh)).toBe('ws');
    expect(chooseLiveTransport('auto', { ...insecure, mediaSource: false }, fresh)).toBe('hls');
    expect(chooseLiveTransport('auto', { ...insecure, webSocket: false }, fresh)).toBe('hls');
  });

  it('skips what failed on this page', () => {
    expect(chooseLiveTransport('auto', full, failed('frames'))).toBe('ws');
    expect(chooseLiveTransport('auto', full, failed('ws'))).toBe('frames');
    expect(chooseLiveTransport('auto', full, failed('frames', 'ws'))).toBe('hls');
  });

  it('plays an unmuted camera with audio over WebSocket/MSE (frames carry video only)', () => {
    expect(chooseLiveTransport('auto', full, { failed: new Set(), audible: true })).toBe('ws');
    expect(chooseLiveTransport('auto', full, { failed: new Set(['ws']), audible: true })).toBe('hls');
  });

  it('obeys a forced transport', () => {
    expect(chooseLiveTransport('hls', full, fresh)).toBe('hls');
    expect(chooseLiveTransport('ws', full, failed('ws'))).toBe('ws');
    expect(chooseLiveTransport('ws', { mediaSource: false, webSocket: false, webCodecs: false }, fresh)).toBe('ws');
    expect(chooseLiveTransport('frames', insecure, failed('frames'))).toBe('frames');
    expect(chooseLiveTransport('frames', full, { failed: new Set(), audible: true })).toBe('frames');
  });

  it('falls back on failures before media, unless forced', () => {
    for (const failure of ['unsupported', 'codec', 'socket', 'no-media', 'media', 'protocol'] as const) {
      expect(liveFailureOutcome(failure, false, false)).toBe('fallback');
      expect(liveFailureOutcome(failure, true, false)).toBe('error');
    }
  });

  it('shows the error once media played, and when reconnecting failed', () => {
    expect(liveFailureOutcome('media', false, true)).toBe('error');
    expect(liveFailureOutcome('socket', false, true)).toBe('error');
    expect(liveFailureOutcome('reconnect', false, false)).toBe('error');
  });
});
