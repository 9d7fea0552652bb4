import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Value of the date-time picker (Mantine's `YYYY-MM-DD HH:mm:ss`) for `ms` in the network's zone. */
export function toPickerValue(ms: number, timeZone: string): string {
  return dayjs(ms).tz(timeZone).format(PICKER_FORMAT);
}

/** `ms` of a date-time picker value read in the network's zone, or null when empty or invalid. */
export function fromPickerValue(value: string | null, timeZone: string): number | null {
  if (!value || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const full = value.length === 16 ? `${value}:00` : value;
  const parsed = dayjs.tz(full, timeZone);
  // dayjs rolls impossible dates over (month 13 …); only a value that reads back the same is a real time.
  return parsed.isValid() && parsed.format(PICKER_FORMAT) === full ? parsed.valueOf() : null;
}

/** File name of a downloaded event image. */
export function imageFileName(cameraName: string, ms: number, timeZone: string): string {
  return `Motion - ${cameraName} - ${dayjs(ms).tz(timeZone).format('YYYY-MM-DD HH-mm-ss')}.jpg`;
}
