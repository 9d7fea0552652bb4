import { describe, expect, it } from 'vitest';
import { formatClock, formatDate, formatDuration, formatSince, formatTick, resolveTimeZone, utcOffsetMs } from './timeFormat';

const ms = Date.UTC(2024, 0, 15, 17, 4, 5); // 12:04:05 in New York (UTC-5)

describe('time format', () => {
  it('shows times in the network zone with the 12/24 h preference', () => {
    expect(formatClock(ms, 'America/New_York', 12)).toBe('12:04:05 PM');
    expect(formatClock(ms, 'America/New_York', 24)).toBe('12:04:05');
    expect(formatClock(ms, 'Europe/Madrid', 24, false)).toBe('18:04');
    expect(utcOffsetMs(ms, 'America/New_York')).toBe(-5 * 3_600_000);
  });

  it('shows a past moment as a clock time on the same local day, with the date before that', () => {
    const now = Date.UTC(2024, 0, 15, 20, 0); // 15:00 in New York
    expect(formatSince(Date.UTC(2024, 0, 15, 19, 2), 'America/New_York', 24, now)).toBe('14:02');
    expect(formatSince(Date.UTC(2024, 0, 15, 19, 2), 'America/New_York', 12, now)).toBe('2:02 PM');
    // 03:00 UTC on the 15th is still the 14th in New York.
    expect(formatSince(Date.UTC(2024, 0, 15, 3, 0), 'America/New_York', 24, now)).toBe('Jan 14, 22:00');
  });

  it('labels local midnight with the date', () => {
    expect(formatTick(Date.UTC(2024, 0, 16, 5), 6 * 3_600_000, 'America/New_York', 24)).toBe('Jan 16');
    expect(formatTick(Date.UTC(2024, 0, 16, 5, 0, 15), 15_000, 'UTC', 24)).toBe('05:00:15');
  });

  it("agrees with dayjs's tz() across DST changes and in zones off the whole hour", async () => {
    const { default: dayjs } = await import('dayjs');
    const zones = ['America/New_York', 'Europe/Madrid', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Asia/Kolkata', 'UTC'];
    // Around the 2024 changes in New York (Mar 10, Nov 3), Madrid (Mar 31, Oct 27) and Lord Howe (Apr 7, Oct 6).
    const instants = [
      Date.UTC(2024, 2, 10, 6, 59, 59), Date.UTC(2024, 2, 10, 7, 0, 0), Date.UTC(2024, 10, 3, 5, 59), Date.UTC(2024, 10, 3, 6, 1),
      Date.UTC(2024, 2, 31, 0, 59), Date.UTC(2024, 2, 31, 1, 0), Date.UTC(2024, 9, 27, 1, 0),
      Date.UTC(2024, 3, 6, 14, 59), Date.UTC(2024, 3, 6, 15, 0), Date.UTC(2024, 9, 5, 15, 29), Date.UTC(2024, 9, 5, 15, 31),
    ];
    for (const zone of zones) {
      for (const instant of instants) {
        expect(utcOffsetMs(instant, zone), `${zone} ${new Date(instant).toISOString()}`).toBe(dayjs(instant).tz(zone).utcOffset() * 60_000);
        expect(formatClock(instant, zone, 24)).toBe(dayjs(instant).tz(zone).format('HH:mm:ss'));
        expect(formatDate(instant, zone)).toBe(dayjs(instant).tz(zone).format('MMM D, YYYY'));
      }
    }
  });

  it('falls back to the browser zone for an unknown name', () => {
    expect(resolveTimeZone('Not/AZone')).toBe(resolveTimeZone(undefined));
    expect(resolveTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo');
  });

  it('shows dates in the network zone and durations of at least 1 s', () => {
    expect(formatDate(Date.UTC(2024, 0, 16, 3), 'America/New_York')).toBe('Jan 15, 2024');
    expect(formatDuration(0)).toBe('1 s');
    expect(formatDuration(300)).toBe('1 s');
    expect(formatDuration(4400)).toBe('4 s');
    expect(formatDuration(65_000)).toBe('1 min 5 s');
    expect(formatDuration(120_000)).toBe('2 min');
    expect(formatDuration(3_780_000)).toBe('1 h 3 min');
    expect(formatDuration(7_200_000)).toBe('2 h');
  });
});
