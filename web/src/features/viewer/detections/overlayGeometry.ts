import { DETECTIONS_BOX_SCALE } from '../constants';
import type { ZoomState } from '../zoom';
import type { DetectionBox } from './interpolation';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where a `object-fit: contain` video of `mediaWidth`×`mediaHeight` shows its picture in its box (letterboxed). */
export function containRect(boxWidth: number, boxHeight: number, mediaWidth: number, mediaHeight: number): Rect {
  if (boxWidth <= 0 || boxHeight <= 0 || mediaWidth <= 0 || mediaHeight <= 0) return { x: 0, y: 0, width: 0, height: 0 };
  const scale = Math.min(boxWidth / mediaWidth, boxHeight / mediaHeight);
  const width = mediaWidth * scale;
  const height = mediaHeight * scale;
  return { x: (boxWidth - width) / 2, y: (boxHeight - height) / 2, width, height };
}

/**
 * A detection box (0–255 of the picture) in px of the video area: placed on the picture's rectangle in the video
 * element (`picture`), then moved by the digital zoom's `translate(x, y) scale(s)` (origin top-left) like the video.
 */
export function boxToStage(box: DetectionBox, picture: Rect, zoom: ZoomState): Rect {
  const px = (value: number) => picture.x + (value / DETECTIONS_BOX_SCALE) * picture.width;
  const py = (value: number) => picture.y + (value / DETECTIONS_BOX_SCALE) * picture.height;
  const x0 = zoom.x + zoom.scale * px(Math.min(box.x0, box.x1));
  const y0 = zoom.y + zoom.scale * py(Math.min(box.y0, box.y1));
  const x1 = zoom.x + zoom.scale * px(Math.max(box.x0, box.x1));
  const y1 = zoom.y + zoom.scale * py(Math.max(box.y0, box.y1));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** The last wall-clock time the player reported and the video's media time then. */
export interface PlaybackAnchor {
  wallMs: number;
  mediaS: number;
}

/** Beyond this media-time distance from the anchor the video is seeking elsewhere: the anchor's time stands. */
const MAX_EXTRAPOLATION_S = 2;

/**
 * The wall-clock time on screen between two player reports (timeupdate comes ~4 times a second): the anchor moved on
 * by the media time played since, so boxes follow the picture frame by frame.
 */
export function playbackWallMs(anchor: PlaybackAnchor, mediaS: number): number {
  const playedS = mediaS - anchor.mediaS;
  return Math.abs(playedS) > MAX_EXTRAPOLATION_S ? anchor.wallMs : Math.round(anchor.wallMs + playedS * 1000);
}
