import type { MotionEvent } from '../motion-search/types';
import { blockStart, isBlockValid } from './availabilityBlocks';
import { type TimeWindow, timeToPercent } from './timeScale';

/** Motion recap events of one camera's 2 h block, as fetched at `fetchedAtMs`. */
export interface CachedMotionBlock {
  blockStartMs: number;
  fetchedAtMs: number;
  events: MotionEvent[];
}

/**
 * Which of `blockStarts` to fetch now: those not cached or no longer valid (current block 30 s, others 5 min) and not
 * already in flight; with `refreshCurrent` (the 30 s refresh) the block holding now is fetched again in any case.
 */
export function blocksToFetch(
  blockStarts: readonly number[],
  cached: (start: number) => CachedMotionBlock | undefined,
  inFlight: (start: number) => boolean,
  nowMs: number,
  refreshCurrent: boolean,
): number[] {
  const current = blockStart(nowMs);
  return blockStarts.filter((start) => {
    if (inFlight(start)) return false;
    if (refreshCurrent && start === current) return true;
    const block = cached(start);
    return !block || !isBlockValid(block, nowMs);
  });
}

/** The events of several blocks, oldest first, each once (an event crossing a block edge may come twice). */
export function mergeMotionEvents(blocks: readonly CachedMotionBlock[]): MotionEvent[] {
  const seen = new Map<string, MotionEvent>();
  for (const block of blocks) {
    for (const event of block.events) seen.set(`${event.ts}:${event.end_ts}`, event);
  }
  return [...seen.values()].sort((a, b) => a.ts - b.ts);
}

export interface RecapBlock {
  event: MotionEvent;
  leftPercent: number;
  widthPercent: number;
}

/** Where each event is drawn on the track showing `window`: from its start for its duration, clipped to the window. */
export function recapBlocks(events: readonly MotionEvent[], window: TimeWindow): RecapBlock[] {
  const blocks: RecapBlock[] = [];
  for (const event of events) {
    const startMs = event.ts * 1000;
    const endMs = Math.max(event.end_ts * 1000, startMs + event.duration_ms);
    if (endMs <= window.startMs || startMs >= window.endMs) continue;
    const left = Math.max(0, timeToPercent(startMs, window));
    const right = Math.min(100, timeToPercent(endMs, window));
    blocks.push({ event, leftPercent: left, widthPercent: right - left });
  }
  return blocks;
}
