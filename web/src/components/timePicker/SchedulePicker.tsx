import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { scheduleBounds } from './bounds';
import { DateTimePopover } from './DateTimePopover';
import './timePickerTexts';

export interface SchedulePickerProps {
  /** The scheduled moment; without it, now. */
  value?: number;
  onChange: (ms: number) => void;
  /** The zone the picker shows and reads times in (the network's). */
  timeZone: string;
  label?: ReactNode;
  error?: ReactNode;
  disabled?: boolean;
}

/** When an export runs (spec 03 §5): one date-time picker from now to 1 month ahead, now by default. */
export function SchedulePicker({ value, onChange, timeZone, label, error, disabled }: SchedulePickerProps) {
  const { t } = useTranslation('timePicker');
  const nowMs = Date.now();
  const bounds = scheduleBounds(nowMs, timeZone);
  return (
    <DateTimePopover
      label={label ?? t('schedule-time')}
      value={value ?? nowMs}
      onChange={onChange}
      timeZone={timeZone}
      earliestMs={bounds.earliestMs}
      latestMs={bounds.latestMs}
      error={error}
      disabled={disabled}
      data-testid="schedule-time"
    />
  );
}
