import { Group } from '@mantine/core';
import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import type { TimeMode } from '../../timeline';
import { fromPickerValue, toPickerValue } from '../eventFormat';

export interface SearchRangeFieldsProps {
  startMs: number;
  endMs: number;
  /** The network's zone: the fields show and read times there. */
  timeZone: string;
  timeMode: TimeMode;
  onChange: (range: { startMs?: number; endMs?: number }) => void;
}

/**
 * Start and end of the search range with the portal's date-time picker (a calendar and hour/minute inputs in a
 * popover, up to now), in the network's zone and the user's 12/24-hour mode. An end not after the start says so.
 */
export function SearchRangeFields({ startMs, endMs, timeZone, timeMode, onChange }: SearchRangeFieldsProps) {
  const { t, i18n } = useTranslation('motionSearch');
  const dayName = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' });
  const shared: DateTimePickerProps = {
    maxDate: toPickerValue(Date.now(), timeZone),
    valueFormat: timeMode === 12 ? 'YYYY-MM-DD h:mm A' : 'YYYY-MM-DD HH:mm',
    getDayAriaLabel: (day) => dayName.format(new Date(`${day.slice(0, 10)}T00:00:00Z`)),
    ariaLabels: {
      previousMonth: t('previous-month'),
      nextMonth: t('next-month'),
      monthLevelControl: t('choose-month'),
      previousYear: t('previous-year'),
      nextYear: t('next-year'),
      yearLevelControl: t('choose-year'),
      previousDecade: t('previous-decade'),
      nextDecade: t('next-decade'),
    },
    timePickerProps: {
      format: timeMode === 12 ? '12h' : '24h',
      hoursInputLabel: t('hours'),
      minutesInputLabel: t('minutes'),
      amPmInputLabel: t('am-pm'),
    },
    submitButtonProps: { 'aria-label': t('apply') },
  };
  const read = (key: 'startMs' | 'endMs') => (value: string | null) => {
    const ms = fromPickerValue(value, timeZone);
    if (ms !== null) onChange({ [key]: ms });
  };

  return (
    <Group grow align="flex-start" gap="xs">
      <DateTimePicker
        {...shared}
        label={t('start-time')}
        value={toPickerValue(startMs, timeZone)}
        onChange={read('startMs')}
        data-testid="motion-search-start"
      />
      <DateTimePicker
        {...shared}
        label={t('end-time')}
        value={toPickerValue(endMs, timeZone)}
        onChange={read('endMs')}
        error={startMs < endMs ? undefined : t('range-invalid')}
        data-testid="motion-search-end"
      />
    </Group>
  );
}
