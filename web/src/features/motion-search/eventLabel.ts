import type { TFunction } from 'i18next';
import { formatClock, formatDate, formatDuration, type TimeMode } from '../timeline';
import type { MotionEvent } from './types';

/** Date, time and duration (at least 1 s) of an event in the network's zone, and its accessible label. */
export function eventTexts(event: MotionEvent, timeZone: string, timeMode: TimeMode, t: TFunction<'motionSearch'>) {
  const ms = event.ts * 1000;
  const date = formatDate(ms, timeZone);
  const time = formatClock(ms, timeZone, timeMode);
  const duration = formatDuration(event.duration_ms);
  return { date, time, duration, label: t('event-label', { date, time, duration }) };
}
