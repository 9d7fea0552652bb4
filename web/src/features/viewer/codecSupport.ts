import type { Camera } from '../../api/types';
import type { StreamName } from './quality';

export type VideoCodec = 'h264' | 'h265';

/** RFC 6381 strings to ask the browser about (the profiles the recorder writes for camsim-like cameras). */
const PROBE_CODECS: Record<VideoCodec, string> = { h264: 'avc1.4d401f', h265: 'hvc1.1.6.L93.B0' };

type MediaSourceClass = { isTypeSupported(type: string): boolean };

/**
 * Whether this browser can decode the codec in fMP4: through Media Source Extensions (hls.js and the WebSocket player
 * use them; `ManagedMediaSource` on iOS Safari), else through the video element itself (Safari's native HLS).
 */
export function browserCanDecode(codec: VideoCodec): boolean {
  const type = `video/mp4; codecs="${PROBE_CODECS[codec]}"`;
  const scope = globalThis as { ManagedMediaSource?: MediaSourceClass; MediaSource?: MediaSourceClass };
  const mse = scope.ManagedMediaSource ?? scope.MediaSource;
  if (mse) return mse.isTypeSupported(type);
  return typeof document !== 'undefined' && document.createElement('video').canPlayType(type) !== '';
}

/**
 * The codec of a camera stream that this browser cannot play, or null when it can (or nothing says otherwise): the
 * server flags streams browsers may not decode (`browser_playable: false`, i.e. H.265) and the browser is asked.
 */
export function unplayableCodec(
  camera: Camera,
  stream: StreamName,
  canDecode: (codec: VideoCodec) => boolean = browserCanDecode,
): VideoCodec | null {
  const playable = stream === 'main' ? camera.browser_playable : camera.sub_browser_playable;
  if (playable !== false) return null;
  const codec = (stream === 'main' ? camera.video_codec : camera.sub_video_codec) ?? 'h265';
  return canDecode(codec) ? null : codec;
}
