import { Alert, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimeMode } from '../../timeline';
import { addDays, DATE_PRESETS, type DatePreset, type DateRange, exceedsMaxDays, presetOf, presetRange, type TimeRange } from '../timeRange';
import { TimeRangeControls } from './TimeRangeControls';

export interface DateTimePickerProps {
  dates: DateRange;
  times: TimeRange;
  /** `YYYY-MM-DD` in the network's zone: later days cannot be picked. */
  today: string;
  timeMode: TimeMode;
  onConfirm: (dates: DateRange, times: TimeRange) => void;
}

type Draft = [string | null, string | null];

/**
 * The date-time picker (spec 03 §2, §5): presets, a two-month range calendar up to today, time inputs and slider.
 * 'Please select a maximum of 3 days' blocks Confirm when the range spans 3 or more days; so does an unfinished range.
 */
export function DateTimePicker({ dates, times, today, timeMode, onConfirm }: DateTimePickerProps) {
  const { t, i18n } = useTranslation('eventSearch');
  const dayLabel = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' });
  const [draft, setDraft] = useState<Draft>([dates.from, dates.to]);
  const [draftTimes, setDraftTimes] = useState(times);
  const [from, to] = draft;
  const complete = from !== null && to !== null;
  const tooLong = complete && exceedsMaxDays({ from, to });
  // The calendar opens on the month before the range's end, then that month (the end is at most today).
  const firstMonth = addDays(`${(to ?? today).slice(0, 8)}01`, -1);
  const preset: DatePreset = complete ? presetOf({ from, to }, today) : 'custom';

  const choosePreset = (value: string) => {
    if (value === 'custom') return;
    const range = presetRange(value as Exclude<DatePreset, 'custom'>, today);
    setDraft([range.from, range.to]);
  };

  return (
    <Stack gap="sm" data-testid="date-time-picker">
      <SegmentedControl
        size="xs"
        aria-label={t('date-presets')}
        value={preset}
        onChange={choosePreset}
        data={DATE_PRESETS.map((value) => ({ value, label: t(`preset-${value}`) }))}
      />
      <DatePicker
        type="range"
        numberOfColumns={2}
        allowSingleDateInRange
        maxDate={today}
        defaultDate={firstMonth}
        value={draft}
        onChange={(value) => setDraft(value)}
        getDayAriaLabel={(day) => dayLabel.format(new Date(`${day.slice(0, 10)}T00:00:00Z`))}
      />
      {tooLong && (
        <Alert color="red" p="xs" data-testid="max-days-error">
          <Text size="sm">{t('max-days-error')}</Text>
        </Alert>
      )}
      <TimeRangeControls value={draftTimes} timeMode={timeMode} onChange={setDraftTimes} />
      <Group justify="flex-end">
        <Button disabled={!complete || tooLong} onClick={() => complete && onConfirm({ from, to }, draftTimes)}>
          {t('confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
