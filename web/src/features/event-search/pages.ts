import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { SortOrder } from './constants';
import { addDays, daysApart, type DateRange, isAllDay, isOvernight, type TimeRange } from './timeRange';

dayjs.extend(utc);
dayjs.extend(timezone);

/** One page of an event search: the time window of one day, searched on every selected camera. */
export interface SearchPage {
  /** The day the window starts on, `YYYY-MM-DD`. */
  day: string;
  startMs: number;
  endMs: number;
}

function at(day: string, clock: string, timeZone: string): number {
  return dayjs.tz(`${day} ${clock}`, 'YYYY-MM-DD HH:mm', timeZone).valueOf();
}

/**
 * The pages of a search (spec 03 §4 "Pages are built from the date and time range"): one per day of the date range,
 * each the chosen time of day on that day in the network's zone (all day: midnight to midnight; an overnight range
 * ends on the next day). Windows are cut at now (whole seconds); windows that start after now are left out. Ordered by
 * the sort order: newest day first when descending.
 */
export function planPages(
  dates: DateRange,
  times: TimeRange,
  timeZone: string,
  nowMs: number,
  order: SortOrder,
): SearchPage[] {
  const pages: SearchPage[] = [];
  const nowS = Math.floor(nowMs / 1000) * 1000;
  const dayCount = daysApart(dates.from, dates.to) + 1;
  for (let offset = 0; offset < dayCount; offset += 1) {
    const day = addDays(dates.from, offset);
    const startMs = at(day, isAllDay(times) ? '00:00' : times.start, timeZone);
    const endsNextDay = isAllDay(times) || isOvernight(times) || times.end === '00:00';
    const endMs = at(endsNextDay ? addDays(day, 1) : day, isAllDay(times) ? '00:00' : times.end, timeZone);
    const cutMs = Math.min(endMs, nowS);
    if (cutMs - startMs >= 1000) pages.push({ day, startMs, endMs: cutMs });
  }
  return order === 'descending' ? pages.reverse() : pages;
}
