import { describe, expect, it } from 'vitest';
import { boundDays, clampToBounds, isWithinBounds, pastBounds, scheduleBounds, shiftIntoBounds } from './bounds';
import { DAY_MS, laMs, NOW_MS, ZONE } from './test/clock';

describe('time picker bounds', () => {
  it('a past-only picker reaches from 1 year ago to now unless told otherwise', () => {
    expect(pastBounds(NOW_MS, ZONE)).toEqual({ earliestMs: laMs(2024, 3, 6, 12), latestMs: NOW_MS });
    expect(pastBounds(NOW_MS, ZONE, { earliestMs: 5 })).toEqual({ earliestMs: 5, latestMs: NOW_MS });
    expect(pastBounds(NOW_MS, ZONE, { latestMs: 7 }).latestMs).toBe(7);
  });

  it('the schedule picker reaches from now to 1 month ahead, on the wall clock across a daylight-saving change', () => {
    // 6 March noon PST to 6 April noon PDT: 31 days less an hour.
    expect(scheduleBounds(NOW_MS, ZONE)).toEqual({ earliestMs: NOW_MS, latestMs: laMs(2025, 4, 6, 12) });
  });

  it('clamps to the bounds and tells a moment within them', () => {
    const bounds = { earliestMs: 100, latestMs: 200 };
    expect([50, 100, 150, 200, 250].map((ms) => clampToBounds(ms, bounds))).toEqual([100, 100, 150, 200, 200]);
    expect([99, 100, 200, 201].map((ms) => isWithinBounds(ms, bounds))).toEqual([false, true, true, false]);
  });

  it('moves a typed moment outside the bounds one week towards them, keeping its time of day', () => {
    const past = pastBounds(NOW_MS, ZONE);
    // 'friday' read as tomorrow noon: the Friday before.
    expect(shiftIntoBounds(laMs(2025, 3, 7, 12), past, ZONE)).toBe(laMs(2025, 2, 28, 12));
    // Already within: as it is.
    expect(shiftIntoBounds(laMs(2025, 3, 3, 12), past, ZONE)).toBe(laMs(2025, 3, 3, 12));
    // 'monday' read as this week's (past) Monday in the schedule picker: next Monday, noon PDT after the change.
    expect(shiftIntoBounds(laMs(2025, 3, 3, 12), scheduleBounds(NOW_MS, ZONE), ZONE)).toBe(laMs(2025, 3, 10, 12));
  });

  it('clamps a typed moment that one week does not bring within the bounds', () => {
    const past = pastBounds(NOW_MS, ZONE);
    expect(shiftIntoBounds(NOW_MS + 10 * DAY_MS, past, ZONE)).toBe(NOW_MS);
    expect(shiftIntoBounds(laMs(2023, 1, 1, 12), past, ZONE)).toBe(past.earliestMs);
    // Later today (3 PM) in a past-only picker: a week earlier, which is within.
    expect(shiftIntoBounds(laMs(2025, 3, 6, 15), past, ZONE)).toBe(laMs(2025, 2, 27, 15));
  });

  it('gives the calendar days that hold moments within the bounds, in the zone', () => {
    expect(boundDays(pastBounds(NOW_MS, ZONE), ZONE)).toEqual({ minDate: '2024-03-06', maxDate: '2025-03-06' });
    // 23:30 PST on 6 March is 7 March in UTC, still 6 March in Los Angeles.
    const lateEvening = laMs(2025, 3, 6, 23, 30);
    expect(boundDays({ earliestMs: lateEvening, latestMs: lateEvening }, ZONE)).toEqual({
      minDate: '2025-03-06',
      maxDate: '2025-03-06',
    });
  });
});
