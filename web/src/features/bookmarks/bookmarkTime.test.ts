import { describe, expect, it } from 'vitest';
import { defaultTimeframe, isoTime } from './bookmarkTime';
import { formatRange } from './format';
import { placeMarks } from './timeline/markPlacement';
import { makeBookmark, MINUTE_MS, NOW_MS } from './test/bookmarkFixtures';

describe('bookmark times', () => {
  it('a new timeframe is the current time +/- 300000 ms, the end capped at now', () => {
    expect(defaultTimeframe(null, NOW_MS)).toEqual({ startMs: NOW_MS - 300_000, endMs: NOW_MS });
    expect(defaultTimeframe(NOW_MS - 60_000, NOW_MS)).toEqual({ startMs: NOW_MS - 360_000, endMs: NOW_MS });
    expect(defaultTimeframe(NOW_MS - 3_600_000, NOW_MS)).toEqual({ startMs: NOW_MS - 3_900_000, endMs: NOW_MS - 3_300_000 });
    expect(defaultTimeframe(NOW_MS + 60_000, NOW_MS)).toEqual({ startMs: NOW_MS - 300_000, endMs: NOW_MS });
  });

  it('sends ISO 8601 times with a zone', () => {
    expect(isoTime(NOW_MS)).toBe('2025-03-06T20:00:00.000Z');
  });

  it('shows a range with one date within a day, both dates across midnight', () => {
    const zone = 'America/Los_Angeles';
    expect(formatRange(NOW_MS - 5 * MINUTE_MS, NOW_MS, zone, 12)).toBe('Mar 6, 2025, 11:55:00 AM – 12:00:00 PM');
    expect(formatRange(NOW_MS - 5 * MINUTE_MS, NOW_MS, zone, 24)).toBe('Mar 6, 2025, 11:55:00 – 12:00:00');
    const lateMs = NOW_MS + 11 * 60 * MINUTE_MS + 55 * MINUTE_MS; // 11:55 PM
    expect(formatRange(lateMs, lateMs + 10 * MINUTE_MS, zone, 12)).toBe('Mar 6, 2025, 11:55:00 PM – Mar 7, 2025, 12:05:00 AM');
  });

  it('places the bookmarks overlapping a window, oldest first, clipped to the track', () => {
    const window = { startMs: NOW_MS - 60 * MINUTE_MS, endMs: NOW_MS };
    const inside = makeBookmark(1, NOW_MS - 30 * MINUTE_MS);
    const across = makeBookmark(2, NOW_MS - 65 * MINUTE_MS);
    const before = makeBookmark(3, NOW_MS - 90 * MINUTE_MS);
    const marks = placeMarks([inside, across, before], window);
    expect(marks.map((mark) => mark.bookmark.id)).toEqual([2, 1]);
    expect(marks[0].startPercent).toBeLessThan(0);
    expect(marks[0].leftPercent).toBe(0);
    expect(marks[0].widthPercent).toBeCloseTo((5 / 60) * 100);
    expect(marks[1]).toMatchObject({ startPercent: 50, leftPercent: 50 });
    expect(marks[1].widthPercent).toBeCloseTo((10 / 60) * 100);
  });
});
