import { EARLIEST_YEARS_BACK, OUT_OF_BOUNDS_SHIFT_DAYS, SCHEDULE_MONTHS_AHEAD } from './constants';
import { addInZone, dayOf } from './zoned';

/** The earliest and latest moment a picker accepts (both included). */
export interface Bounds {
  earliestMs: number;
  latestMs: number;
}

/** A past-only picker: from 1 year ago to now (spec 03 §5), unless `earliestMs` / `latestMs` say otherwise. */
export function pastBounds(nowMs: number, timeZone: string, overrides: Partial<Bounds> = {}): Bounds {
  return {
    earliestMs: overrides.earliestMs ?? addInZone(nowMs, -EARLIEST_YEARS_BACK, 'year', timeZone),
    latestMs: overrides.latestMs ?? nowMs,
  };
}

/** The schedule picker: from now to 1 month ahead (spec 03 §5). */
export function scheduleBounds(nowMs: number, timeZone: string): Bounds {
  return { earliestMs: nowMs, latestMs: addInZone(nowMs, SCHEDULE_MONTHS_AHEAD, 'month', timeZone) };
}

export function clampToBounds(ms: number, bounds: Bounds): number {
  return Math.min(Math.max(ms, bounds.earliestMs), bounds.latestMs);
}

export function isWithinBounds(ms: number, bounds: Bounds): boolean {
  return ms >= bounds.earliestMs && ms <= bounds.latestMs;
}

/**
 * A typed moment outside the bounds moved one week towards them ('friday' read as the coming Friday becomes the past
 * one in a past-only picker; 'monday' read as the past Monday becomes the coming one in the schedule picker), then
 * clamped: a moment more than a week out ends at the nearer bound.
 */
export function shiftIntoBounds(ms: number, bounds: Bounds, timeZone: string): number {
  if (ms > bounds.latestMs) return clampToBounds(addInZone(ms, -OUT_OF_BOUNDS_SHIFT_DAYS, 'day', timeZone), bounds);
  if (ms < bounds.earliestMs) return clampToBounds(addInZone(ms, OUT_OF_BOUNDS_SHIFT_DAYS, 'day', timeZone), bounds);
  return ms;
}

/** The first and last calendar day (`YYYY-MM-DD` in the zone) that holds a moment within the bounds. */
export function boundDays(bounds: Bounds, timeZone: string): { minDate: string; maxDate: string } {
  return { minDate: dayOf(bounds.earliestMs, timeZone), maxDate: dayOf(bounds.latestMs, timeZone) };
}
