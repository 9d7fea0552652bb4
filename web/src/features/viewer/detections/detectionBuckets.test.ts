import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { detection } from '../test/fakeCometd';
import { CometdError, type ObjectDetection, type ObjectDetectionsData } from './CometdClient';
import { DetectionsFetcher } from './DetectionsFetcher';
import { bucketOf, DetectionStore, requestWindow } from './DetectionStore';

const T = 1_700_000_000_000; // a bucket start
const BOX = { x0: 0, y0: 0, x1: 10, y1: 10 };

describe('detection buckets', () => {
  it('puts a time in its 10 s bucket and asks from 5 s before it to 30 s after', () => {
    expect(bucketOf(T)).toBe(T);
    expect(bucketOf(T + 9_999)).toBe(T);
    expect(bucketOf(T + 10_000)).toBe(T + 10_000);
    expect(requestWindow(T)).toEqual({ startMs: T - 5000, endMs: T + 30_000 });
  });

  it('marks the buckets an answer covers in full, and keeps each detection once', () => {
    const store = new DetectionStore();
    const answer = [detection(T - 1000, 1, BOX), detection(T + 500, 1, BOX), detection(T + 25_000, 2, BOX)];
    store.add(T - 5000, T + 30_000, answer, false);
    expect([T - 10_000, T, T + 10_000, T + 20_000, T + 30_000].map((bucket) => store.isComplete(bucket))).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
    store.add(T - 5000, T + 30_000, [detection(T + 500, 1, BOX), detection(T + 600, 1, BOX)], false);
    expect(store.around(T, 1000).map((found) => found.ts)).toEqual([T - 1000, T + 500, T + 600]);
    expect(store.around(T + 25_000, 0).map((found) => found.track_id)).toEqual([2]);
  });

  it('trusts a truncated answer only up to its last detection', () => {
    const store = new DetectionStore();
    store.add(T - 5000, T + 30_000, [detection(T + 12_000, 1, BOX)], true);
    expect(store.isComplete(T)).toBe(true);
    expect(store.isComplete(T + 10_000)).toBe(false);
  });

  it('keeps only the buckets nearest the playhead', () => {
    const store = new DetectionStore();
    for (let bucket = 0; bucket < 8; bucket += 1) {
      store.add(T + bucket * 10_000, T + (bucket + 1) * 10_000, [detection(T + bucket * 10_000, bucket, BOX)], false);
    }
    store.prune(T + 75_000, 3);
    expect(store.size).toBe(3);
    expect([5, 6, 7].every((bucket) => store.isComplete(T + bucket * 10_000))).toBe(true);
    expect(store.around(T, 1)).toEqual([]);
  });
});

/** A request the test answers (or fails) when it wants. */
interface Pending {
  startMs: number;
  endMs: number;
  signal: AbortSignal;
  answer: (detections?: ObjectDetection[]) => Promise<void>;
  fail: (error: unknown) => Promise<void>;
}

describe('DetectionsFetcher', () => {
  let pending: Pending[];
  let store: DetectionStore;
  let changes: number;
  let fetcher: DetectionsFetcher;

  beforeEach(() => {
    vi.useFakeTimers({ now: T });
    pending = [];
    store = new DetectionStore();
    changes = 0;
    fetcher = new DetectionsFetcher(
      (startMs, endMs, signal) =>
        new Promise<ObjectDetectionsData>((resolve, reject) => {
          pending.push({
            startMs,
            endMs,
            signal,
            answer: async (detections = []) => {
              const params = { start_ts: startMs, end_ts: endMs, node_id: 2, pid: '1', type: null, truncated: false };
              resolve({ detections, params });
              await vi.advanceTimersByTimeAsync(0);
            },
            fail: async (error) => {
              reject(error);
              await vi.advanceTimersByTimeAsync(0);
            },
          });
        }),
      store,
      () => {
        changes += 1;
      },
    );
  });

  afterEach(() => {
    fetcher.dispose();
    vi.useRealTimers();
  });

  const windows = () => pending.map(({ startMs, endMs }) => [startMs - T, endMs - T]);

  it('asks for nothing before the playhead is known', () => {
    fetcher.setPlayhead(null);
    expect(pending).toEqual([]);
  });

  it("asks for the playhead's bucket at once, then nothing while its window covers the playhead", async () => {
    fetcher.setPlayhead(T + 3000);
    expect(windows()).toEqual([[-5000, 30_000]]);
    fetcher.setPlayhead(T + 4000);
    expect(pending).toHaveLength(1);
    await pending[0].answer([detection(T + 3500, 1, BOX)]);
    expect(changes).toBe(1);
    expect(store.around(T + 3500, 0)).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(15_000);
    fetcher.setPlayhead(T + 19_000);
    expect(pending).toHaveLength(1);
  });

  it('asks ahead for the next window once the playhead is in the last bucket it has', async () => {
    fetcher.setPlayhead(T);
    await pending[0].answer();
    await vi.advanceTimersByTimeAsync(20_000);
    fetcher.setPlayhead(T + 20_000);
    expect(windows()).toEqual([
      [-5000, 30_000],
      [25_000, 60_000],
    ]);
  });

  it('asks at most once per 10 s: a seek meanwhile waits, then asks for where the playhead is by then', async () => {
    fetcher.setPlayhead(T);
    await pending[0].answer();
    await vi.advanceTimersByTimeAsync(3000);
    fetcher.setPlayhead(T + 300_000);
    fetcher.setPlayhead(T + 600_000);
    expect(pending).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(6999);
    expect(pending).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(windows()).toEqual([
      [-5000, 30_000],
      [595_000, 630_000],
    ]);
  });

  it('asks one window at a time', async () => {
    fetcher.setPlayhead(T);
    await vi.advanceTimersByTimeAsync(20_000);
    fetcher.setPlayhead(T + 120_000);
    expect(pending).toHaveLength(1);
    await pending[0].answer();
    expect(windows()).toEqual([
      [-5000, 30_000],
      [115_000, 150_000],
    ]);
  });

  it('asks again 10 s after a failure, and never again after a refusal (403::Forbidden)', async () => {
    fetcher.setPlayhead(T);
    await pending[0].fail(new Error('Network request failed'));
    await vi.advanceTimersByTimeAsync(9999);
    expect(pending).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(windows()).toEqual([
      [-5000, 30_000],
      [-5000, 30_000],
    ]);

    await pending[1].fail(new CometdError(403, 'Forbidden'));
    await vi.advanceTimersByTimeAsync(60_000);
    fetcher.setPlayhead(T + 100_000);
    expect(pending).toHaveLength(2);
  });

  it('gives up the request in flight and any waiting one when disposed, and keeps nothing that comes later', async () => {
    fetcher.setPlayhead(T);
    fetcher.dispose();
    expect(pending[0].signal.aborted).toBe(true);
    await pending[0].answer([detection(T, 1, BOX)]);
    expect(changes).toBe(0);
    expect(store.around(T, 0)).toEqual([]);
    fetcher.setPlayhead(T + 100_000);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(pending).toHaveLength(1);
  });
});
