import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCamera } from '../cameras/test/fixtures';
import { browserCanDecode, unplayableCodec } from './codecSupport';

const h265Main = makeCamera(1, {
  video_codec: 'h265',
  browser_playable: false,
  sub_video_codec: 'h264',
  sub_browser_playable: true,
});

describe('codec support', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks MediaSource (ManagedMediaSource first) with the RFC 6381 codec string', () => {
    const asked: string[] = [];
    vi.stubGlobal('MediaSource', { isTypeSupported: (type: string) => (asked.push(type), type.includes('avc1')) });
    expect(browserCanDecode('h264')).toBe(true);
    expect(browserCanDecode('h265')).toBe(false);
    expect(asked).toEqual(['video/mp4; codecs="avc1.4d401f"', 'video/mp4; codecs="hvc1.1.6.L93.B0"']);
    vi.stubGlobal('ManagedMediaSource', { isTypeSupported: () => true });
    expect(browserCanDecode('h265')).toBe(true);
  });

  it('asks the video element when there is no MediaSource (native HLS)', () => {
    vi.stubGlobal('MediaSource', undefined);
    const canPlayType = vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
    expect(browserCanDecode('h265')).toBe(true);
    expect(canPlayType).toHaveBeenCalledWith('video/mp4; codecs="hvc1.1.6.L93.B0"');
    canPlayType.mockReturnValue('');
    expect(browserCanDecode('h265')).toBe(false);
  });

  it('flags only the played stream the server marks not browser-playable and the browser cannot decode', () => {
    const cannot = () => false;
    expect(unplayableCodec(h265Main, 'main', cannot)).toBe('h265');
    expect(unplayableCodec(h265Main, 'sub', cannot)).toBeNull(); // an H.264 sub-stream plays
    expect(unplayableCodec(h265Main, 'main', () => true)).toBeNull();
    // Nothing known yet (no video received, or an older server): try to play.
    expect(unplayableCodec(makeCamera(2), 'main', cannot)).toBeNull();
    expect(unplayableCodec(makeCamera(3, { video_codec: null, browser_playable: true }), 'main', cannot)).toBeNull();
  });
});
