import { describe, expect, it } from 'vitest';
import { pastBounds } from './bounds';
import { adjustRange, exceedsMinutes, exceedsMs } from './rangeRule';
import { HOUR_MS, MINUTE_MS, NOW_MS, ZONE } from './test/clock';

const bounds = pastBounds(NOW_MS, ZONE);
const at = (hoursAgo: number) => NOW_MS - hoursAgo * HOUR_MS;

describe('start/end rules (spec 03 §5)', () => {
  it('leaves a range whose start stays before its end as it is', () => {
    expect(adjustRange({ startMs: at(5), endMs: at(2) }, 'end', NOW_MS, bounds)).toEqual({ startMs: at(5), endMs: at(2) });
    expect(adjustRange({ startMs: at(3), endMs: at(2) }, 'start', NOW_MS, bounds)).toEqual({ startMs: at(3), endMs: at(2) });
  });

  it('the end changed so the start is not before it: the start becomes the end minus 1 hour', () => {
    expect(adjustRange({ startMs: at(2), endMs: at(4) }, 'end', NOW_MS, bounds)).toEqual({ startMs: at(5), endMs: at(4) });
    expect(adjustRange({ startMs: at(2), endMs: at(2) }, 'end', NOW_MS, bounds)).toEqual({ startMs: at(3), endMs: at(2) });
  });

  it('the start after the end: the end becomes the later of the start plus 1 hour and now', () => {
    // Start 3 h ago, end 5 h ago: start + 1 h is 2 h ago, now is later.
    expect(adjustRange({ startMs: at(3), endMs: at(5) }, 'start', NOW_MS, bounds)).toEqual({ startMs: at(3), endMs: NOW_MS });
    // With room after now (bounds to tomorrow), start + 1 h when it is later than now.
    const wide = { earliestMs: bounds.earliestMs, latestMs: NOW_MS + 24 * HOUR_MS };
    const startMs = NOW_MS - 30 * MINUTE_MS;
    expect(adjustRange({ startMs, endMs: at(2) }, 'start', NOW_MS, wide)).toEqual({ startMs, endMs: startMs + HOUR_MS });
  });

  it('a start equal to the end is not after it: the end stays', () => {
    expect(adjustRange({ startMs: at(2), endMs: at(2) }, 'start', NOW_MS, bounds)).toEqual({ startMs: at(3), endMs: at(2) });
  });

  it('clamps both ends to the bounds', () => {
    const range = adjustRange({ startMs: bounds.earliestMs - HOUR_MS, endMs: at(1) }, 'start', NOW_MS, bounds);
    expect(range).toEqual({ startMs: bounds.earliestMs, endMs: at(1) });
    expect(adjustRange({ startMs: at(1), endMs: NOW_MS + HOUR_MS }, 'end', NOW_MS, bounds)).toEqual({ startMs: at(1), endMs: NOW_MS });
  });

  it('never leaves an empty range when the bounds squeeze the moved end', () => {
    // Start moved to now: the end (the later of now + 1 h and now) is clamped to now, so the start goes back 1 hour.
    expect(adjustRange({ startMs: NOW_MS, endMs: at(2) }, 'start', NOW_MS, bounds)).toEqual({ startMs: at(1), endMs: NOW_MS });
    // End moved to the earliest moment: no hour before it, so the end goes 1 hour after the start.
    const earliest = bounds.earliestMs;
    expect(adjustRange({ startMs: at(2), endMs: earliest }, 'end', NOW_MS, bounds)).toEqual({
      startMs: earliest,
      endMs: earliest + HOUR_MS,
    });
  });

  it("tells a range over the maximum duration ('Timeframe exceeds N minutes') and over the exports' 3 hours", () => {
    const hour = { startMs: at(1), endMs: NOW_MS };
    expect(exceedsMinutes(hour, 60)).toBe(false);
    expect(exceedsMinutes({ ...hour, startMs: hour.startMs - 1000 }, 60)).toBe(true);
    expect(exceedsMs({ startMs: at(3), endMs: NOW_MS }, 10_800_000)).toBe(false);
    expect(exceedsMs({ startMs: at(3) - 1, endMs: NOW_MS }, 10_800_000)).toBe(true);
  });
});
