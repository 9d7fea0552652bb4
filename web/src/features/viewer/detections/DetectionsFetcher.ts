import { DETECTIONS_BUCKET_MS, DETECTIONS_MAX_BUCKETS, DETECTIONS_THROTTLE_MS } from '../constants';
import { CometdError, type ObjectDetectionsData } from './CometdClient';
import { bucketOf, type DetectionStore, requestWindow } from './DetectionStore';

export type DetectionsRequest = (startMs: number, endMs: number, signal: AbortSignal) => Promise<ObjectDetectionsData>;

/**
 * Decides when to ask for which window as the playhead moves (spec 02 §4, §9): the playhead's bucket, else the next
 * one (asked ahead, so boxes are there when playback reaches it), when it is not complete in the store; one request at
 * a time and at most one per 10 s — a need within that time waits for its end and then asks for wherever the playhead
 * is. A failed request is asked again after the same 10 s, except a refusal (`403::Forbidden`: no historical right),
 * after which it asks nothing more.
 */
export class DetectionsFetcher {
  private playheadMs: number | null = null;
  private inFlight: AbortController | null = null;
  private lastRequestMs = -Infinity;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(
    private readonly request: DetectionsRequest,
    private readonly store: DetectionStore,
    private readonly onChange: () => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** The recorded video's time on screen (UNIX ms); null while it is not known. */
  setPlayhead(ms: number | null): void {
    this.playheadMs = ms;
    this.evaluate();
  }

  /** Gives up the request in flight and any waiting one (camera change, live mode, toggle off, unmount). */
  dispose(): void {
    this.stopped = true;
    this.inFlight?.abort();
    this.inFlight = null;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private wantedBucket(): number | null {
    if (this.playheadMs === null) return null;
    const current = bucketOf(this.playheadMs);
    for (const bucket of [current, current + DETECTIONS_BUCKET_MS]) {
      if (!this.store.isComplete(bucket)) return bucket;
    }
    return null;
  }

  private evaluate(): void {
    if (this.stopped || this.inFlight !== null || this.timer !== null) return;
    const bucket = this.wantedBucket();
    if (bucket === null) return;
    const waitMs = this.lastRequestMs + DETECTIONS_THROTTLE_MS - this.now();
    if (waitMs > 0) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.evaluate();
      }, waitMs);
      return;
    }
    this.start(bucket);
  }

  private start(bucket: number): void {
    const controller = new AbortController();
    this.inFlight = controller;
    this.lastRequestMs = this.now();
    const { startMs, endMs } = requestWindow(bucket);
    this.request(startMs, endMs, controller.signal)
      .then(
        (data) => {
          if (controller.signal.aborted) return;
          this.store.add(data.params.start_ts, data.params.end_ts, data.detections, data.params.truncated);
          this.store.prune(this.playheadMs ?? bucket, DETECTIONS_MAX_BUCKETS);
          this.onChange();
        },
        (error: unknown) => {
          if (error instanceof CometdError && error.code === 403) this.stopped = true;
        },
      )
      .finally(() => {
        if (this.inFlight !== controller) return;
        this.inFlight = null;
        this.evaluate();
      });
  }
}
