import { DETECTIONS_BEFORE_MS, DETECTIONS_BUCKET_MS, DETECTIONS_FORWARD_MS } from '../constants';
import type { ObjectDetection } from './CometdClient';

/** Start (UNIX ms) of the 10 s bucket holding `ms`. */
export function bucketOf(ms: number): number {
  return Math.floor(ms / DETECTIONS_BUCKET_MS) * DETECTIONS_BUCKET_MS;
}

/** What is asked for a bucket: from 5 s before its start to 30 s after it (spec 02 §7: event time − 5 s, + 30 s). */
export function requestWindow(bucketMs: number): { startMs: number; endMs: number } {
  return { startMs: bucketMs - DETECTIONS_BEFORE_MS, endMs: bucketMs + DETECTIONS_FORWARD_MS };
}

const detectionKey = (detection: ObjectDetection) => `${detection.track_id}@${detection.ts}`;

/**
 * The detections of one camera known so far, by 10 s bucket, and which buckets are complete (answered in full). A
 * bucket only partly inside an answer keeps what came but is asked for again when the playhead gets there.
 */
export class DetectionStore {
  private readonly buckets = new Map<number, ObjectDetection[]>();
  private readonly complete = new Set<number>();

  isComplete(bucketMs: number): boolean {
    return this.complete.has(bucketMs);
  }

  /** Buckets holding detections or answered, for tests and pruning. */
  get size(): number {
    return new Set([...this.buckets.keys(), ...this.complete]).size;
  }

  /**
   * Adds an answer for [startMs, endMs): each detection once (track and time) into its bucket, and marks the buckets
   * the answer covers in full — when the server cut the answer short (`truncated`), only those before its last detection.
   */
  add(startMs: number, endMs: number, detections: readonly ObjectDetection[], truncated: boolean): void {
    const incoming = new Map<number, ObjectDetection[]>();
    for (const detection of detections) {
      const bucket = bucketOf(detection.ts);
      const list = incoming.get(bucket);
      if (list) list.push(detection);
      else incoming.set(bucket, [detection]);
    }
    for (const [bucket, list] of incoming) {
      const merged = new Map<string, ObjectDetection>();
      for (const detection of [...(this.buckets.get(bucket) ?? []), ...list]) merged.set(detectionKey(detection), detection);
      this.buckets.set(bucket, [...merged.values()].sort((a, b) => a.ts - b.ts));
    }
    const lastTs = detections.reduce((last, detection) => Math.max(last, detection.ts), -Infinity);
    const knownEnd = truncated ? Math.min(endMs, lastTs) : endMs;
    for (let bucket = bucketOf(startMs); bucket + DETECTIONS_BUCKET_MS <= knownEnd; bucket += DETECTIONS_BUCKET_MS) {
      if (bucket >= startMs) this.complete.add(bucket);
    }
  }

  /** The detections within `windowMs` of `tMs` (inclusive), by time. */
  around(tMs: number, windowMs: number): ObjectDetection[] {
    const found: ObjectDetection[] = [];
    for (let bucket = bucketOf(tMs - windowMs); bucket <= tMs + windowMs; bucket += DETECTIONS_BUCKET_MS) {
      for (const detection of this.buckets.get(bucket) ?? []) {
        if (Math.abs(detection.ts - tMs) <= windowMs) found.push(detection);
      }
    }
    return found;
  }

  /** Keeps the `max` buckets nearest to `centerMs` (memory stays bounded however long one watches). */
  prune(centerMs: number, max: number): void {
    const all = [...new Set([...this.buckets.keys(), ...this.complete])];
    if (all.length <= max) return;
    const distance = (bucket: number) => Math.abs(bucket - bucketOf(centerMs));
    for (const bucket of all.sort((a, b) => distance(a) - distance(b)).slice(max)) {
      this.buckets.delete(bucket);
      this.complete.delete(bucket);
    }
  }
}
