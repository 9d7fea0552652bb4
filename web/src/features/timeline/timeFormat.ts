import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

export type TimeMode = 12 | 24;

/** The zone to show times in: the network's IANA zone, else the browser's. */
export function resolveTimeZone(networkTimeZone: string | undefined): string {
  if (networkTimeZone) {
    try {
      dayjs().tz(networkTimeZone);
      return networkTimeZone;
    } catch {
      /* unknown zone name: fall through */
    }
  }
  return dayjs.tz.guess();
}

/** Offset (ms) of the zone from UTC at `ms`. */
export function utcOffsetMs(ms: number, timeZone: string): number {
  return dayjs(ms).tz(timeZone).utcOffset() * 60_000;
}

/** A clock time such as '3:04:05 PM' or '15:04:05' (`seconds` false drops them). */
export function formatClock(ms: number, timeZone: string, timeMode: TimeMode, seconds = true): string {
  const pattern = timeMode === 12 ? (seconds ? 'h:mm:ss A' : 'h:mm A') : seconds ? 'HH:mm:ss' : 'HH:mm';
  return dayjs(ms).tz(timeZone).format(pattern);
}

/** Date and time such as 'Mar 4, 3:04:05 PM'. */
export function formatDateTime(ms: number, timeZone: string, timeMode: TimeMode): string {
  return `${dayjs(ms).tz(timeZone).format('MMM D')}, ${formatClock(ms, timeZone, timeMode)}`;
}

/** A past moment: its clock time ('14:02', '2:02 PM') on the local day of `nowMs`, else with the date ('Jan 14, 22:00'). */
export function formatSince(ms: number, timeZone: string, timeMode: TimeMode, nowMs: number): string {
  const local = dayjs(ms).tz(timeZone);
  const clock = formatClock(ms, timeZone, timeMode, false);
  return local.isSame(dayjs(nowMs).tz(timeZone), 'day') ? clock : `${local.format('MMM D')}, ${clock}`;
}

/**
 * Tick label of labels `intervalMs` apart: a date at local midnight for hour-sized intervals, else a clock time, with
 * seconds only when the labels are less than a minute apart.
 */
export function formatTick(ms: number, intervalMs: number, timeZone: string, timeMode: TimeMode): string {
  const local = dayjs(ms).tz(timeZone);
  if (intervalMs >= 3_600_000 && local.hour() === 0 && local.minute() === 0) return local.format('MMM D');
  return formatClock(ms, timeZone, timeMode, intervalMs < 60_000);
}

/** A date such as 'Mar 4, 2025'. */
export function formatDate(ms: number, timeZone: string): string {
  return dayjs(ms).tz(timeZone).format('MMM D, YYYY');
}

/** A shown duration is at least 1 s (spec 03 §5). */
export const MIN_SHOWN_DURATION_MS = 1000;

/** Whole seconds of a duration as '4 s', '2 min 5 s' or '1 h 3 min'; at least '1 s'. */
export function formatDuration(durationMs: number): string {
  const totalS = Math.round(Math.max(MIN_SHOWN_DURATION_MS, durationMs) / 1000);
  const hours = Math.floor(totalS / 3600);
  const minutes = Math.floor((totalS % 3600) / 60);
  const seconds = totalS % 60;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  if (minutes > 0) return seconds > 0 ? `${minutes} min ${seconds} s` : `${minutes} min`;
  return `${seconds} s`;
}
