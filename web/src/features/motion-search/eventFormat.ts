import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Value of an `<input type="datetime-local">` for `ms` in the network's zone. */
export function toLocalInput(ms: number, timeZone: string): string {
  return dayjs(ms).tz(timeZone).format('YYYY-MM-DDTHH:mm');
}

/** `ms` of an `<input type="datetime-local">` value read in the network's zone, or null when empty or invalid. */
export function fromLocalInput(value: string, timeZone: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const parsed = dayjs.tz(value, timeZone);
  // dayjs rolls impossible dates over (month 13 …); only a value that reads back the same is a real time.
  return parsed.isValid() && parsed.format('YYYY-MM-DDTHH:mm') === value.slice(0, 16) ? parsed.valueOf() : null;
}

/** File name of a downloaded event image. */
export function imageFileName(cameraName: string, ms: number, timeZone: string): string {
  return `Motion - ${cameraName} - ${dayjs(ms).tz(timeZone).format('YYYY-MM-DD HH-mm-ss')}.jpg`;
}
