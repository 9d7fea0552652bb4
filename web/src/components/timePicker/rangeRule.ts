import { type Bounds, clampToBounds } from './bounds';
import { MS_PER_MINUTE, RANGE_GAP_MS } from './constants';

export interface TimeRange {
  startMs: number;
  endMs: number;
}

/** Which end of the range the user changed. */
export type RangeEnd = 'start' | 'end';

/**
 * The range after the user set one end (`range` holds the new value), by the start/end picker's rules (spec 03 §5):
 * - the end changed so the start is not before it: the start becomes the end minus 1 hour;
 * - the start is after the end: the end becomes the later of the start plus 1 hour and now;
 * then both ends are clamped to the bounds. Clamping could leave no time between them (the start moved to the
 * latest moment): then the start goes 1 hour before the end, or, with no room before it, the end 1 hour after the
 * start, as far as the bounds allow.
 */
export function adjustRange(range: TimeRange, changed: RangeEnd, nowMs: number, bounds: Bounds): TimeRange {
  let { startMs, endMs } = range;
  if (changed === 'end' && startMs >= endMs) startMs = endMs - RANGE_GAP_MS;
  if (changed === 'start' && startMs > endMs) endMs = Math.max(startMs + RANGE_GAP_MS, nowMs);
  startMs = clampToBounds(startMs, bounds);
  endMs = clampToBounds(endMs, bounds);
  if (startMs >= endMs) {
    if (endMs - RANGE_GAP_MS >= bounds.earliestMs) startMs = endMs - RANGE_GAP_MS;
    else endMs = clampToBounds(startMs + RANGE_GAP_MS, bounds);
  }
  return { startMs, endMs };
}

/** The range is longer than `maxMinutes` ('Timeframe exceeds N minutes'). */
export function exceedsMinutes(range: TimeRange, maxMinutes: number): boolean {
  return range.endMs - range.startMs > maxMinutes * MS_PER_MINUTE;
}

/** The range is longer than `limitMs` (the exports' 3-hour split notice). */
export function exceedsMs(range: TimeRange, limitMs: number): boolean {
  return range.endMs - range.startMs > limitMs;
}
