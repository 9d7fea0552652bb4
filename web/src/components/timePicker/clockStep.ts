import { CLOCK_STEP } from './constants';

/** `value` (minutes or seconds, 0..59) on the nearest multiple of `step`, at most the last one below 60 (45). */
export function snapToStep(value: number, step: number = CLOCK_STEP): number {
  const lastStep = Math.floor(59 / step) * step;
  return Math.min(Math.round(value / step) * step, lastStep);
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A clock entry (`HH:mm:ss`) with the minutes and seconds the user changed from `previous` put on the clock's steps
 * (spec 03 §5: minute and second step 15). A field left as it was keeps its value, so a time typed in words
 * ('10 minutes ago' → 14:53:27) stays exact until its minutes or seconds are edited.
 */
export function snapClock(next: string, previous: string, step: number = CLOCK_STEP): string {
  const [hours, minutes, seconds] = next.split(':').map(Number);
  const [, previousMinutes, previousSeconds] = previous.split(':').map(Number);
  const snappedMinutes = minutes === previousMinutes ? minutes : snapToStep(minutes, step);
  const snappedSeconds = (seconds ?? 0) === previousSeconds ? (seconds ?? 0) : snapToStep(seconds ?? 0, step);
  return `${pad(hours)}:${pad(snappedMinutes)}:${pad(snappedSeconds)}`;
}
