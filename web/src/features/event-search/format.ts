import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { formatClock, formatDate, type TimeMode } from '../timeline';
import type { DateRange, TimeRange } from './timeRange';
import { isAllDay } from './timeRange';

/** `HH:mm` as shown in the user's time mode ('3:15 PM' or '15:15'). */
export function clockLabel(clock: string, timeMode: TimeMode): string {
  return timeMode === 12 ? dayjs(`2000-01-01 ${clock}`).format('h:mm A') : clock;
}

/** 'All day' or '9:00 AM – 5:00 PM'. */
export function timeRangeText(range: TimeRange, timeMode: TimeMode, t: TFunction<'eventSearch'>): string {
  return isAllDay(range) ? t('all-day') : `${clockLabel(range.start, timeMode)} – ${clockLabel(range.end, timeMode)}`;
}

/** 'Mar 4, 2025' or 'Mar 4, 2025 – Mar 6, 2025'. */
export function dateRangeText(range: DateRange): string {
  const day = (text: string) => formatDate(dayjs.utc(text).valueOf(), 'UTC');
  return range.from === range.to ? day(range.from) : `${day(range.from)} – ${day(range.to)}`;
}

/** An event's date and its start and end times, e.g. 'Mar 4, 2025, 3:04:05 PM – 3:04:12 PM'. */
export function eventRangeText(startMs: number, endMs: number, timeZone: string, timeMode: TimeMode): string {
  return `${formatDate(startMs, timeZone)}, ${formatClock(startMs, timeZone, timeMode)} – ${formatClock(endMs, timeZone, timeMode)}`;
}
