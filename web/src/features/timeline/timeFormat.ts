import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

export type TimeMode = 12 | 24;

/** Zone names already checked (every render of a viewer or list asks). */
const knownZones = new Map<string, boolean>();

/** The zone to show times in: the network's IANA zone, else the browser's. */
export function resolveTimeZone(networkTimeZone: string | undefined): string {
  if (networkTimeZone) {
    let valid = knownZones.get(networkTimeZone);
    if (valid === undefined) {
      try {
        dayjs().tz(networkTimeZone);
        valid = true;
      } catch {
        valid = false; // unknown zone name: fall through
      }
      knownZones.set(networkTimeZone, valid);
    }
    if (valid) return networkTimeZone;
  }
  return dayjs.tz.guess();
}

/**
 * Zone offsets change on quarter-hour boundaries of UTC at most: one lookup per zone and quarter hour. dayjs's own
 * `.tz()` builds an ICU formatter on every call (`toLocaleString` with a time zone, ~60 µs in Node and more in the
 * browser); the timeline's ticks, the shown time and the camera list's "since" texts ask dozens of times per render.
 */
const OFFSET_BUCKET_MS = 15 * 60_000;
const MAX_CACHED_OFFSETS = 2000;
const zoneFormatters = new Map<string, Intl.DateTimeFormat>();
const cachedOffsetsMin = new Map<string, number>();

function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = zoneFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    zoneFormatters.set(timeZone, formatter);
  }
  return formatter;
}

function offsetMinutes(ms: number, timeZone: string): number {
  const bucketMs = Math.floor(ms / OFFSET_BUCKET_MS) * OFFSET_BUCKET_MS;
  const key = `${timeZone} ${bucketMs}`;
  const cached = cachedOffsetsMin.get(key);
  if (cached !== undefined) return cached;
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const { type, value } of zoneFormatter(timeZone).formatToParts(bucketMs)) parts[type] = Number(value);
  const { year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  const minutes = Math.round((Date.UTC(year, month - 1, day, hour % 24, minute, second) - bucketMs) / 60_000);
  if (cachedOffsetsMin.size >= MAX_CACHED_OFFSETS) cachedOffsetsMin.clear();
  cachedOffsetsMin.set(key, minutes);
  return minutes;
}

/** `ms` as a dayjs in the zone (what `dayjs(ms).tz(timeZone)` gives, for formatting and calendar fields). */
function inZone(ms: number, timeZone: string): dayjs.Dayjs {
  return dayjs(ms).utcOffset(offsetMinutes(ms, timeZone));
}

/** Offset (ms) of the zone from UTC at `ms`. */
export function utcOffsetMs(ms: number, timeZone: string): number {
  return offsetMinutes(ms, timeZone) * 60_000;
}

/** A clock time such as '3:04:05 PM' or '15:04:05' (`seconds` false drops them). */
export function formatClock(ms: number, timeZone: string, timeMode: TimeMode, seconds = true): string {
  const pattern = timeMode === 12 ? (seconds ? 'h:mm:ss A' : 'h:mm A') : seconds ? 'HH:mm:ss' : 'HH:mm';
  return inZone(ms, timeZone).format(pattern);
}

/** Date and time such as 'Mar 4, 3:04:05 PM'. */
export function formatDateTime(ms: number, timeZone: string, timeMode: TimeMode): string {
  return `${inZone(ms, timeZone).format('MMM D')}, ${formatClock(ms, timeZone, timeMode)}`;
}

/** A past moment: its clock time ('14:02', '2:02 PM') on the local day of `nowMs`, else with the date ('Jan 14, 22:00'). */
export function formatSince(ms: number, timeZone: string, timeMode: TimeMode, nowMs: number): string {
  const local = inZone(ms, timeZone);
  const clock = formatClock(ms, timeZone, timeMode, false);
  return local.format('YYYY-MM-DD') === inZone(nowMs, timeZone).format('YYYY-MM-DD') ? clock : `${local.format('MMM D')}, ${clock}`;
}

/**
 * Tick label of labels `intervalMs` apart: a date at local midnight for hour-sized intervals, else a clock time, with
 * seconds only when the labels are less than a minute apart.
 */
export function formatTick(ms: number, intervalMs: number, timeZone: string, timeMode: TimeMode): string {
  const local = inZone(ms, timeZone);
  if (intervalMs >= 3_600_000 && local.hour() === 0 && local.minute() === 0) return local.format('MMM D');
  return formatClock(ms, timeZone, timeMode, intervalMs < 60_000);
}

/** A date such as 'Mar 4, 2025'. */
export function formatDate(ms: number, timeZone: string): string {
  return inZone(ms, timeZone).format('MMM D, YYYY');
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
