import './accessLogTexts';
import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { usePreference } from '../../preferences';
import { fromPickerValue, toPickerValue } from './accessLogFilters';
import { FILTER_WIDTH, type FilterProps } from './PlaceFilters';

/**
 * From and to, in the browser's zone: 'from' is `since_ms` (entries at or after), 'to' is `until_ms` (entries
 * before). Each picker stops at the other's time, so the range cannot be turned around.
 */
export function DateRangeFilters({ filters, onChange }: FilterProps) {
  const { t, i18n } = useTranslation('accessLog');
  const timeMode = usePreference('timeMode');
  const dayName = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' });
  const since = toPickerValue(filters.sinceMs);
  const until = toPickerValue(filters.untilMs);
  const shared: DateTimePickerProps = {
    valueFormat: timeMode === 12 ? 'YYYY-MM-DD h:mm A' : 'YYYY-MM-DD HH:mm',
    placeholder: t('filter-any-time'),
    clearable: true,
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
    w: FILTER_WIDTH,
  };
  return (
    <>
      <DateTimePicker
        {...shared}
        label={t('filter-from')}
        value={since}
        maxDate={until ?? undefined}
        onChange={(value) => onChange({ sinceMs: fromPickerValue(value) })}
        clearButtonProps={{ 'aria-label': t('clear-from') }}
      />
      <DateTimePicker
        {...shared}
        label={t('filter-to')}
        value={until}
        minDate={since ?? undefined}
        onChange={(value) => onChange({ untilMs: fromPickerValue(value) })}
        clearButtonProps={{ 'aria-label': t('clear-to') }}
      />
    </>
  );
}
