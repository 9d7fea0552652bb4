import { AUTO_QUALITY_MIN_WIDTH_PX, type LiveQuality, QUALITY_AUTO, QUALITY_HIGH, QUALITY_LOW } from './constants';
import type { Camera } from '../../api/types';

export type StreamName = 'main' | 'sub';

export interface QualityOption {
  value: LiveQuality;
  /** Height in px, absent for auto. */
  height?: number;
}

/** Real heights (px) of a camera's live streams, as far as known. */
export type StreamHeights = Partial<Record<StreamName, number>>;

/** '4MP' for 1512, '4K' for 2160, else '{height}p' (spec §9). */
export function qualityLabel(height: number): string {
  if (height === 1512) return '4MP';
  if (height === 2160) return '4K';
  return `${height}p`;
}

/**
 * Auto, then a level per live stream whose real height is known: high (main stream), and low (sub-stream) unless it is
 * as tall as the main one. Nothing is invented: an unknown height offers no level.
 */
export function qualityOptions(heights: StreamHeights): QualityOption[] {
  const options: QualityOption[] = [{ value: QUALITY_AUTO }];
  if (heights.main) options.push({ value: QUALITY_HIGH, height: heights.main });
  if (heights.sub && heights.sub !== heights.main) options.push({ value: QUALITY_LOW, height: heights.sub });
  return options;
}

/** Which stream plays: low = sub, high = main; auto = sub only for a narrow video area with a sub-stream. */
export function streamForQuality(quality: LiveQuality, camera: Camera, widthPx: number): StreamName {
  const hasSub = Boolean(camera.channel.local_lan_livestream_path);
  if (quality === QUALITY_LOW) return hasSub ? 'sub' : 'main';
  if (quality === QUALITY_HIGH) return 'main';
  return hasSub && widthPx > 0 && widthPx < AUTO_QUALITY_MIN_WIDTH_PX ? 'sub' : 'main';
}
