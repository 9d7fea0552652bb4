/** The zone and "now" of the time picker's tests: noon on Thursday 6 March 2025 in Los Angeles (PST, UTC−8). */
export const ZONE = 'America/Los_Angeles';
export const NOW_MS = Date.UTC(2025, 2, 6, 20, 0, 0);

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Days of Los Angeles' daylight-saving time (PDT, UTC−7), `[first, last]` as `YYYYMMDD`, in the tests' years. */
const PDT_DAYS: Record<number, [number, number]> = { 2024: [20240310, 20241102], 2025: [20250309, 20251101] };

/** ms of a wall-clock time in Los Angeles (written out by hand, not computed the way the picker does). */
export function laMs(year: number, month: number, day: number, hour: number, minute = 0, second = 0): number {
  const date = year * 10000 + month * 100 + day;
  const [first, last] = PDT_DAYS[year] ?? [0, 0];
  const offsetHours = date >= first && date <= last ? 7 : 8;
  return Date.UTC(year, month - 1, day, hour + offsetHours, minute, second);
}
