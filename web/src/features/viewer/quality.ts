import type { Camera } from '../../api/types';
import { AUTO_QUALITY_MIN_WIDTH_PX, type LiveQuality, QUALITY_HIGH, QUALITY_LOW, SUB_STREAM_HEIGHT } from './constants';

export type StreamName = 'main' | 'sub';

export interface QualityOption {
  value: LiveQuality;
  /** Height in px, absent for auto. */
  height?: number;
}

/** '4MP' for 1512, '4K' for 2160, else '{height}p' (spec §9). */
export function qualityLabel(height: number): string {
  if (height === 1512) return '4MP';
  if (height === 2160) return '4K';
  return `${height}p`;
}

/** Auto, then the main stream's height (camera config) and the sub-stream's 360p when the camera has one. */
export function qualityOptions(camera: Camera): QualityOption[] {
  const options: QualityOption[] = [{ value: -1 }, { value: QUALITY_HIGH, height: camera.config.video_height ?? 1080 }];
  if (camera.channel.local_lan_livestream_path) options.push({ value: QUALITY_LOW, height: SUB_STREAM_HEIGHT });
  return options;
}

/** Which stream plays: low = sub, high = main; auto = sub only for a narrow video area with a sub-stream. */
export function streamForQuality(quality: LiveQuality, camera: Camera, widthPx: number): StreamName {
  const hasSub = Boolean(camera.channel.local_lan_livestream_path);
  if (quality === QUALITY_LOW) return hasSub ? 'sub' : 'main';
  if (quality === QUALITY_HIGH) return 'main';
  return hasSub && widthPx > 0 && widthPx < AUTO_QUALITY_MIN_WIDTH_PX ? 'sub' : 'main';
}
