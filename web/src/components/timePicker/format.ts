import { formatClock, formatDate, type TimeMode } from '../../features/timeline/timeFormat';

export type { TimeMode };

/** A picked moment as the picker's button shows it: 'Mar 6, 2025, 3:04:05 PM' (12-hour) or 'Mar 6, 2025, 15:04:05'. */
export function formatPickerValue(ms: number, timeZone: string, timeMode: TimeMode): string {
  return `${formatDate(ms, timeZone)}, ${formatClock(ms, timeZone, timeMode)}`;
}

/** Mantine `TimePicker`'s format for the time mode. */
export function clockFormat(timeMode: TimeMode): '12h' | '24h' {
  return timeMode === 12 ? '12h' : '24h';
}
