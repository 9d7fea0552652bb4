import { formatClock, formatDate, type TimeMode } from '../timeline/timeFormat';

/** A moment with its date in the network's zone: 'Mar 6, 2025, 11:55:00 AM'. */
export function formatDateTimeInYear(ms: number, timeZone: string, timeMode: TimeMode): string {
  return `${formatDate(ms, timeZone)}, ${formatClock(ms, timeZone, timeMode)}`;
}

/**
 * A bookmark's range in the network's zone: 'Mar 6, 2025, 11:55:00 AM – 12:05:00 PM' within one day, else with both
 * dates ('Mar 6, 2025, 11:55:00 PM – Mar 7, 2025, 12:05:00 AM').
 */
export function formatRange(startMs: number, endMs: number, timeZone: string, timeMode: TimeMode): string {
  const sameDay = formatDate(startMs, timeZone) === formatDate(endMs, timeZone);
  const end = sameDay ? formatClock(endMs, timeZone, timeMode) : formatDateTimeInYear(endMs, timeZone, timeMode);
  return `${formatDateTimeInYear(startMs, timeZone, timeMode)} – ${end}`;
}
