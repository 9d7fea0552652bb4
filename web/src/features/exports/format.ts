import dayjs from 'dayjs';
import { formatClock, formatDate, type TimeMode } from '../timeline/timeFormat';
import { DEFAULT_CREATED_RANGE_YEARS } from './constants';

/** First and last creation day, `YYYY-MM-DD` in the shown zone, both included. */
export interface CreatedRange {
  from: string;
  to: string;
}

/** The day of `nowMs` in the zone, `YYYY-MM-DD`. */
export function dayIn(timeZone: string, nowMs: number): string {
  return dayjs(nowMs).tz(timeZone).format('YYYY-MM-DD');
}

/** The filter's default: from the same day a year ago to today (spec 03 §5). */
export function defaultCreatedRange(timeZone: string, nowMs: number): CreatedRange {
  const to = dayIn(timeZone, nowMs);
  return { from: dayjs(to).subtract(DEFAULT_CREATED_RANGE_YEARS, 'year').format('YYYY-MM-DD'), to };
}

/** The range as job_data's created_after_ms (the first day's midnight) and created_before_ms (after the last day). */
export function createdRangeMs(range: CreatedRange, timeZone: string): { createdAfterMs: number; createdBeforeMs: number } {
  const midnight = (day: string) => dayjs.tz(`${day} 00:00:00`, timeZone).valueOf();
  return {
    createdAfterMs: midnight(range.from),
    createdBeforeMs: midnight(dayjs(range.to).add(1, 'day').format('YYYY-MM-DD')),
  };
}

/** A date and time such as 'Mar 4, 2025, 3:04:05 PM'. */
export function dateTimeText(ms: number, timeZone: string, timeMode: TimeMode): string {
  return `${formatDate(ms, timeZone)}, ${formatClock(ms, timeZone, timeMode)}`;
}

/** An export's recorded range: 'Mar 4, 2025, 3:04:05 PM – 3:14:05 PM', with the end's date when it is another day. */
export function exportRangeText(t0S: number, t1S: number, timeZone: string, timeMode: TimeMode): string {
  const [startMs, endMs] = [t0S * 1000, t1S * 1000];
  const sameDay = formatDate(startMs, timeZone) === formatDate(endMs, timeZone);
  const end = sameDay ? formatClock(endMs, timeZone, timeMode) : dateTimeText(endMs, timeZone, timeMode);
  return `${dateTimeText(startMs, timeZone, timeMode)} – ${end}`;
}

/** An ISO time of the server as shown ('' when absent). */
export function isoText(iso: string | null | undefined, timeZone: string, timeMode: TimeMode): string {
  const ms = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(ms) ? '' : dateTimeText(ms, timeZone, timeMode);
}

/** A file size such as '12.4 MB'. */
export function fileSizeText(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}
