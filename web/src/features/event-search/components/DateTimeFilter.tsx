import { Button, Popover, Stack, Text } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimeMode } from '../../timeline';
import { dateRangeText, timeRangeText } from '../format';
import type { DateRange, TimeRange } from '../timeRange';
import { DateTimePicker } from './DateTimePicker';
import { FilterSection } from './FilterSection';

export interface DateTimeFilterProps {
  dates: DateRange;
  times: TimeRange;
  today: string;
  timeMode: TimeMode;
  onChange: (dates: DateRange, times: TimeRange) => void;
}

/** The sidebar's time filter: the chosen dates and times, and a button opening the date-time picker. */
export function DateTimeFilter({ dates, times, today, timeMode, onChange }: DateTimeFilterProps) {
  const { t } = useTranslation('eventSearch');
  const [opened, setOpened] = useState(false);
  return (
    <FilterSection title={t('time-filter')}>
      <Popover opened={opened} onChange={setOpened} position="right-start" shadow="md" withinPortal trapFocus>
        <Popover.Target>
          <Button
            variant="default"
            fullWidth
            justify="flex-start"
            h="auto"
            py={6}
            leftSection={<IconCalendar size={16} aria-hidden />}
            aria-label={t('choose-time')}
            onClick={() => setOpened((value) => !value)}
            data-testid="date-time-button"
          >
            <Stack gap={0} align="flex-start">
              <Text size="sm" data-testid="date-range-text">
                {dateRangeText(dates)}
              </Text>
              <Text size="xs" c="dimmed" data-testid="time-range-text">
                {timeRangeText(times, timeMode, t)}
              </Text>
            </Stack>
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          {opened && (
            <DateTimePicker
              dates={dates}
              times={times}
              today={today}
              timeMode={timeMode}
              onConfirm={(nextDates, nextTimes) => {
                setOpened(false);
                onChange(nextDates, nextTimes);
              }}
            />
          )}
        </Popover.Dropdown>
      </Popover>
    </FilterSection>
  );
}
