import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { ALL_DAY, MAX_RANGE_DAYS, MINUTES_PER_DAY, SLIDER_STEPS, TIME_STEP_MIN } from './constants';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Times of day, `HH:mm` (24 h) in the network's zone. start = end means all day; start after end ends the next day. */
export interface TimeRange {
  start: string;
  end: string;
}

/** First and last day, `YYYY-MM-DD` in the network's zone, both included. */
export interface DateRange {
  from: string;
  to: string;
}

export type DatePreset = 'today' | 'yesterday' | 'last-2-days' | 'last-3-days' | 'custom';
export const DATE_PRESETS: readonly DatePreset[] = ['today', 'yesterday', 'last-2-days', 'last-3-days', 'custom'];

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Minutes after midnight of `HH:mm`, or null when not a time of day. */
export function clockMinutes(text: string): number | null {
  const match = CLOCK.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** `HH:mm` of minutes after midnight (taken modulo a day). */
export function clockText(minutes: number): string {
  const inDay = ((Math.round(minutes) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(inDay / 60)).padStart(2, '0')}:${String(inDay % 60).padStart(2, '0')}`;
}

/** The 96 times of day of the time inputs, 15 minutes apart. */
export function clockOptions(): string[] {
  return Array.from({ length: SLIDER_STEPS }, (_, step) => clockText(step * TIME_STEP_MIN));
}

export function isAllDay(range: TimeRange): boolean {
  return range.start === range.end;
}

/** Minutes of the end: 00:00 after a later start is the end of the day (24:00). */
function endMinutes(range: TimeRange): number {
  const end = clockMinutes(range.end) ?? 0;
  return end === 0 ? MINUTES_PER_DAY : end;
}

/** The range ends on the next day (start after end, e.g. 22:00 to 06:00). */
export function isOvernight(range: TimeRange): boolean {
  return !isAllDay(range) && (clockMinutes(range.start) ?? 0) >= endMinutes(range);
}

/**
 * The time slider's thumbs (0..96 steps of 15 min): all day is [0, 96]; an overnight range shows its end and start
 * with the track inverted (the selection is outside the thumbs).
 */
export function sliderValue(range: TimeRange): { value: [number, number]; inverted: boolean } {
  if (isAllDay(range)) return { value: [0, SLIDER_STEPS], inverted: false };
  const start = Math.round((clockMinutes(range.start) ?? 0) / TIME_STEP_MIN);
  const end = Math.round(endMinutes(range) / TIME_STEP_MIN);
  return isOvernight(range)
    ? { value: [Math.round((clockMinutes(range.end) ?? 0) / TIME_STEP_MIN), start], inverted: true }
    : { value: [start, end], inverted: false };
}

/** The range of slider thumbs `[low, high]`; equal thumbs mean all day. */
export function rangeFromSlider([low, high]: [number, number], inverted: boolean): TimeRange {
  if (low === high) return { ...ALL_DAY };
  const lowText = clockText(low * TIME_STEP_MIN);
  const highText = clockText(high * TIME_STEP_MIN);
  return inverted ? { start: highText, end: lowText } : { start: lowText, end: highText };
}

/** Both ends moved by `deltaMinutes` around the clock; all day stays all day. */
export function shiftTimeRange(range: TimeRange, deltaMinutes: number): TimeRange {
  if (isAllDay(range)) return range;
  return {
    start: clockText((clockMinutes(range.start) ?? 0) + deltaMinutes),
    end: clockText((clockMinutes(range.end) ?? 0) + deltaMinutes),
  };
}

/** Minutes rounded down (`up` false) or up to the 15-minute step. */
export function toStep(minutes: number, up: boolean): number {
  return (up ? Math.ceil(minutes / TIME_STEP_MIN) : Math.floor(minutes / TIME_STEP_MIN)) * TIME_STEP_MIN;
}

export function isDay(text: string): boolean {
  return DAY.test(text) && dayjs.utc(text).isValid() && dayjs.utc(text).format('YYYY-MM-DD') === text;
}

/** `day` plus `count` calendar days. */
export function addDays(day: string, count: number): string {
  return dayjs.utc(day).add(count, 'day').format('YYYY-MM-DD');
}

/** Calendar days from `from` to `to` (0 for one day). */
export function daysApart(from: string, to: string): number {
  return dayjs.utc(to).diff(dayjs.utc(from), 'day');
}

/** Today in the zone. */
export function todayIn(timeZone: string, nowMs: number): string {
  return dayjs(nowMs).tz(timeZone).format('YYYY-MM-DD');
}

/** 'Please select a maximum of 3 days' applies when the range spans 3 or more days (more than 3 calendar days). */
export function exceedsMaxDays(range: DateRange): boolean {
  return daysApart(range.from, range.to) >= MAX_RANGE_DAYS;
}

export function presetRange(preset: Exclude<DatePreset, 'custom'>, today: string): DateRange {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'last-2-days':
      return { from: addDays(today, -1), to: today };
    case 'last-3-days':
      return { from: addDays(today, -(MAX_RANGE_DAYS - 1)), to: today };
  }
}

/** The preset a range equals, else 'custom'. */
export function presetOf(range: DateRange, today: string): DatePreset {
  const found = DATE_PRESETS.find((preset) => {
    if (preset === 'custom') return false;
    const candidate = presetRange(preset, today);
    return candidate.from === range.from && candidate.to === range.to;
  });
  return found ?? 'custom';
}
