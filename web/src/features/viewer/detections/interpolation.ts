import { DETECTIONS_INTERPOLATION_MS } from '../constants';
import type { ObjectDetection } from './CometdClient';

export type DetectionBox = ObjectDetection['box'];

/** One track's box at one moment (0–255 scale). */
export interface TrackBox {
  trackId: number;
  objectClass: ObjectDetection['object_class'];
  confidence: number;
  box: DetectionBox;
}

const lerp = (a: number, b: number, f: number) => a + (b - a) * f;

/**
 * Each track's box at `tMs` (spec 02 §9: interpolation 750 ms): between its last detection at or before `tMs` and its
 * next one after, linearly, when both are within `windowMs`; the one that is, alone; hidden when neither is.
 */
export function boxesAt(
  detections: readonly ObjectDetection[],
  tMs: number,
  windowMs: number = DETECTIONS_INTERPOLATION_MS,
): TrackBox[] {
  const neighbours = new Map<number, { before?: ObjectDetection; after?: ObjectDetection }>();
  for (const detection of detections) {
    const gap = detection.ts - tMs;
    if (Math.abs(gap) > windowMs) continue;
    const entry = neighbours.get(detection.track_id) ?? {};
    if (gap <= 0) {
      if (!entry.before || detection.ts > entry.before.ts) entry.before = detection;
    } else if (!entry.after || detection.ts < entry.after.ts) {
      entry.after = detection;
    }
    neighbours.set(detection.track_id, entry);
  }
  const boxes: TrackBox[] = [];
  for (const [trackId, { before, after }] of neighbours) {
    const from = before ?? after;
    const to = after ?? before;
    if (!from || !to) continue;
    const f = to.ts === from.ts ? 0 : (tMs - from.ts) / (to.ts - from.ts);
    boxes.push({
      trackId,
      objectClass: from.object_class,
      confidence: lerp(from.confidence, to.confidence, f),
      box: {
        x0: lerp(from.box.x0, to.box.x0, f),
        y0: lerp(from.box.y0, to.box.y0, f),
        x1: lerp(from.box.x1, to.box.x1, f),
        y1: lerp(from.box.y1, to.box.y1, f),
      },
    });
  }
  return boxes;
}
