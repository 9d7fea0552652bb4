import { ActionIcon, Button, Group, RangeSlider, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TimeMode } from '../../timeline';
import { clockLabel, timeRangeText } from '../format';
import { ALL_DAY, SLIDER_SHIFT_MIN, SLIDER_STEPS, TIME_STEP_MIN } from '../constants';
import {
  clockOptions,
  clockText,
  isAllDay,
  rangeFromSlider,
  shiftTimeRange,
  sliderValue,
  type TimeRange,
} from '../timeRange';

export interface TimeRangeControlsProps {
  value: TimeRange;
  timeMode: TimeMode;
  onChange: (value: TimeRange) => void;
}

/**
 * Start and end time inputs (15-minute steps), the time slider (96 steps; equal thumbs mean all day; an overnight
 * range shows inverted) with 6-hour shift buttons, and 'Reset to all day'.
 */
export function TimeRangeControls({ value, timeMode, onChange }: TimeRangeControlsProps) {
  const { t } = useTranslation('eventSearch');
  const options = clockOptions().map((clock) => ({ value: clock, label: clockLabel(clock, timeMode) }));
  const slider = sliderValue(value);
  const allDay = isAllDay(value);
  return (
    <Stack gap="xs" data-testid="time-range-controls">
      <Group grow gap="xs">
        <Select
          label={t('start-time')}
          data={options}
          value={value.start}
          allowDeselect={false}
          required
          onChange={(start) => start && onChange({ ...value, start })}
        />
        <Select
          label={t('end-time')}
          data={options}
          value={value.end}
          allowDeselect={false}
          required
          onChange={(end) => end && onChange({ ...value, end })}
        />
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Tooltip label={t('shift-earlier')}>
          <ActionIcon
            variant="default"
            aria-label={t('shift-earlier')}
            disabled={allDay}
            onClick={() => onChange(shiftTimeRange(value, -SLIDER_SHIFT_MIN))}
          >
            <IconChevronsLeft size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <RangeSlider
          style={{ flex: 1 }}
          data-testid="time-slider"
          min={0}
          max={SLIDER_STEPS}
          step={1}
          minRange={0}
          inverted={slider.inverted}
          value={slider.value}
          label={(step) => clockLabel(clockText(step * TIME_STEP_MIN), timeMode)}
          thumbFromLabel={t('start-time')}
          thumbToLabel={t('end-time')}
          onChange={(next) => onChange(rangeFromSlider(next, slider.inverted))}
        />
        <Tooltip label={t('shift-later')}>
          <ActionIcon
            variant="default"
            aria-label={t('shift-later')}
            disabled={allDay}
            onClick={() => onChange(shiftTimeRange(value, SLIDER_SHIFT_MIN))}
          >
            <IconChevronsRight size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Group justify="space-between">
        <Text size="sm" data-testid="time-range-summary">
          {timeRangeText(value, timeMode, t)}
        </Text>
        <Button variant="subtle" size="compact-sm" disabled={allDay} onClick={() => onChange({ ...ALL_DAY })}>
          {t('reset-all-day')}
        </Button>
      </Group>
    </Stack>
  );
}
