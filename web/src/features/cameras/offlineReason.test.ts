import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { offlineText } from './offlineReason';

const t = i18n.getFixedT('en', 'cameras');
const at = (ms: number) => `@${ms}`;

describe('why a camera is offline', () => {
  it("names each reason of the API with the time it started ('Connection refused since 14:02')", () => {
    const texts = (
      [
        'connection_refused',
        'unreachable',
        'authentication_failed',
        'no_video',
        'unsupported_video',
        'stream_error',
      ] as const
    ).map((reason) => offlineText(t, { reason, sinceMs: 7 }, at));
    expect(texts).toEqual([
      'Connection refused since @7',
      'Camera unreachable since @7',
      'Authentication failed since @7',
      'No video in stream since @7',
      'No supported video in stream since @7',
      'Stream error since @7',
    ]);
  });

  it('says a missing source and a first connection attempt without a time, and a reason without a time alone', () => {
    expect(offlineText(t, { reason: 'no_source', sinceMs: 7 }, at)).toBe('No video source configured');
    expect(offlineText(t, { reason: 'connecting', sinceMs: 7 }, at)).toBe('Connecting…');
    expect(offlineText(t, { reason: 'unreachable', sinceMs: null }, at)).toBe('Camera unreachable');
  });

  it("says 'Offline' when the reason is unknown (an older server, or one this portal does not know yet)", () => {
    expect(offlineText(t, { reason: null, sinceMs: 7 }, at)).toBe('Offline since @7');
    expect(offlineText(t, { reason: null, sinceMs: null }, at)).toBe('Offline');
    expect(offlineText(t, { reason: 'melted' as never, sinceMs: null }, at)).toBe('Offline');
  });
});
