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

/** Tick label: a date at local midnight for day-sized ticks, else a clock time without seconds unless needed. */
export function formatTick(ms: number, tickMs: number, timeZone: string, timeMode: TimeMode): string {
  const local = dayjs(ms).tz(timeZone);
  if (tickMs >= 3_600_000 && local.hour() === 0 && local.minute() === 0) return local.format('MMM D');
  return formatClock(ms, timeZone, timeMode, tickMs < 60_000);
}
