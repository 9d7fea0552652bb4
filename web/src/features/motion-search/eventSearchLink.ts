import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * `/n/{networkId}/events` with cameras, dates and times prefilled (spec 03 §2 Routes): `cameras` (comma-separated ids),
 * `from` and `to` (YYYY-MM-DD) and `start` and `end` (HH:mm), all in the network's zone. 00:00 to 00:00 means all day.
 */
export function eventSearchLink(
  networkId: number,
  cameraIds: readonly number[],
  startMs: number,
  endMs: number,
  timeZone: string,
): string {
  const start = dayjs(startMs).tz(timeZone);
  const end = dayjs(endMs).tz(timeZone);
  const query = new URLSearchParams({
    cameras: cameraIds.join(','),
    from: start.format('YYYY-MM-DD'),
    to: end.format('YYYY-MM-DD'),
    start: start.format('HH:mm'),
    end: end.format('HH:mm'),
  });
  // Keep the commas and colons readable; both are allowed in a query.
  return `/n/${networkId}/events?${query.toString().replace(/%2C/g, ',').replace(/%3A/g, ':')}`;
}
