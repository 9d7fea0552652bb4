import { describe, expect, it } from 'vitest';
import { chooseLiveTransport, transportFromQuery, wsFailureOutcome } from './transportChoice';

const full = { mediaSource: true, webSocket: true };

describe('live transport choice', () => {
  it('reads ?transport=hls|ws, anything else is auto', () => {
    expect(transportFromQuery('?transport=hls')).toBe('hls');
    expect(transportFromQuery('?fullPage=true&transport=ws')).toBe('ws');
    expect(transportFromQuery(new URLSearchParams('transport=WS'))).toBe('auto');
    expect(transportFromQuery('?transport=dash')).toBe('auto');
    expect(transportFromQuery('')).toBe('auto');
  });

  it('uses WebSocket/MSE when the browser has both and it did not fail on this page', () => {
    expect(chooseLiveTransport('auto', full, false)).toBe('ws');
    expect(chooseLiveTransport('auto', { mediaSource: false, webSocket: true }, false)).toBe('hls');
    expect(chooseLiveTransport('auto', { mediaSource: true, webSocket: false }, false)).toBe('hls');
    expect(chooseLiveTransport('auto', full, true)).toBe('hls');
  });

  it('obeys a forced transport', () => {
    expect(chooseLiveTransport('hls', full, false)).toBe('hls');
    expect(chooseLiveTransport('ws', full, true)).toBe('ws');
    expect(chooseLiveTransport('ws', { mediaSource: false, webSocket: false }, false)).toBe('ws');
  });

  it('falls back to LL-HLS on failures before media, unless forced', () => {
    for (const failure of ['unsupported', 'codec', 'socket', 'no-media', 'media', 'protocol'] as const) {
      expect(wsFailureOutcome(failure, false, false)).toBe('fallback');
      expect(wsFailureOutcome(failure, true, false)).toBe('error');
    }
  });

  it('shows the error once media played, and when reconnecting failed', () => {
    expect(wsFailureOutcome('media', false, true)).toBe('error');
    expect(wsFailureOutcome('socket', false, true)).toBe('error');
    expect(wsFailureOutcome('reconnect', false, false)).toBe('error');
  });
});
