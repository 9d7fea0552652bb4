import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

const WALL_CLOCK = 'YYYY-MM-DD HH:mm:ss.SSS';

/** `YYYY-MM-DD` of `ms` in the zone (the calendar's value). */
export function dayOf(ms: number, timeZone: string): string {
  return dayjs(ms).tz(timeZone).format('YYYY-MM-DD');
}

/** `HH:mm:ss` (24 h) of `ms` in the zone (the clock's value). */
export function clockOf(ms: number, timeZone: string): string {
  return dayjs(ms).tz(timeZone).format('HH:mm:ss');
}

/** The moment a wall clock shows `clock` (`HH:mm:ss`) on `day` (`YYYY-MM-DD`) in the zone. */
export function fromDayAndClock(day: string, clock: string, timeZone: string): number {
  return dayjs.tz(`${day} ${clock}`, timeZone).valueOf();
}

/** UTC offset of the zone at `ms`, in minutes (east positive). */
export function offsetMinutesAt(ms: number, timeZone: string): number {
  return dayjs(ms).tz(timeZone).utcOffset();
}

/**
 * `ms` moved by `amount` calendar units on the zone's wall clock: a week earlier keeps the time of day across a
 * daylight-saving change, and a month or year ahead keeps the day of the month where it exists.
 */
export function addInZone(ms: number, amount: number, unit: 'day' | 'month' | 'year', timeZone: string): number {
  const wall = dayjs.utc(dayjs(ms).tz(timeZone).format(WALL_CLOCK)).add(amount, unit);
  return dayjs.tz(wall.format(WALL_CLOCK), timeZone).valueOf();
}
