/** Whether the played media carries sound (issue 17 item 11: volume and mute only for cameras with audio). */

/** RFC 6381 audio codecs a camera stream may carry (AAC, Opus, G.711 in MP4). */
const AUDIO_CODEC_PREFIXES = ['mp4a', 'opus', 'alaw', 'ulaw', 'ac-3', 'ec-3'];

/** A comma-separated codec string ('avc1.64001f,mp4a.40.2') names an audio codec. */
export function codecHasAudio(codecs: string | undefined): boolean {
  if (!codecs) return false;
  return codecs
    .split(',')
    .map((codec) => codec.trim().toLowerCase())
    .some((codec) => AUDIO_CODEC_PREFIXES.some((prefix) => codec.startsWith(prefix)));
}

interface AudioAwareMedia extends HTMLVideoElement {
  audioTracks?: { length: number };
  mozHasAudio?: boolean;
  webkitAudioDecodedByteCount?: number;
}

/**
 * The element's own knowledge: its audio tracks (where the browser exposes them), Firefox's mozHasAudio, Chromium's
 * decoded audio bytes, or the codec string the live transport put on it (`data-codecs`).
 */
export function elementHasAudio(video: HTMLVideoElement): boolean {
  const media = video as AudioAwareMedia;
  if ((media.audioTracks?.length ?? 0) > 0) return true;
  if (media.mozHasAudio) return true;
  if ((media.webkitAudioDecodedByteCount ?? 0) > 0) return true;
  return codecHasAudio(video.dataset.codecs);
}
