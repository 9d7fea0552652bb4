import { DatePicker } from '@mantine/dates';
import { useTranslation } from 'react-i18next';

export interface DayCalendarProps {
  /** `YYYY-MM-DD` of the picked moment in the network's zone. */
  value: string;
  /** First and last day that can be picked; days outside are disabled. */
  minDate: string;
  maxDate: string;
  onChange: (day: string) => void;
}

/** The popover's month calendar (Mantine `DatePicker`), opening on the picked day's month. */
export function DayCalendar({ value, minDate, maxDate, onChange }: DayCalendarProps) {
  const { t, i18n } = useTranslation('timePicker');
  const dayName = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' });
  return (
    <DatePicker
      aria-label={t('calendar')}
      value={value}
      defaultDate={value}
      minDate={minDate}
      maxDate={maxDate}
      onChange={(day) => day && onChange(day.slice(0, 10))}
      getDayAriaLabel={(day) => dayName.format(new Date(`${day.slice(0, 10)}T00:00:00Z`))}
      ariaLabels={{
        previousMonth: t('previous-month'),
        nextMonth: t('next-month'),
        monthLevelControl: t('choose-month'),
        previousYear: t('previous-year'),
        nextYear: t('next-year'),
        yearLevelControl: t('choose-year'),
        previousDecade: t('previous-decade'),
        nextDecade: t('next-decade'),
      }}
    />
  );
}
