import { Group, Switch } from '@mantine/core';
import { TimePicker } from '@mantine/dates';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { snapClock } from './clockStep';
import { CLOCK_STEP } from './constants';
import { clockFormat } from './format';
import { useTimeMode } from './useTimeMode';

export interface ClockFieldProps {
  /** `HH:mm:ss` (24 h) of the picked moment in the network's zone. */
  value: string;
  /** A complete time entered, its changed minutes and seconds on the 15 steps. */
  onChange: (clock: string) => void;
}

/**
 * Hour, minute and second inputs (minutes and seconds step 15) in the user's 12/24-hour mode, with the switch that
 * sets that mode for the whole portal. An entry applies when the focus leaves the inputs, so a half-typed hour never
 * moves the other end of a range; an unfinished entry goes back to the picked time.
 */
export function ClockField({ value, onChange }: ClockFieldProps) {
  const { t } = useTranslation('timePicker');
  const [timeMode, setTimeMode] = useTimeMode();
  const draft = useRef<string | null>(null);
  // Remounting the (uncontrolled) inputs shows the picked time again after an entry, snapped or refused.
  const [entries, setEntries] = useState(0);

  const apply = () => {
    if (draft.current === null) return;
    if (draft.current !== '' && draft.current !== value) onChange(snapClock(draft.current, value));
    draft.current = null;
    setEntries((count) => count + 1);
  };

  return (
    <Group gap="sm" align="flex-end" wrap="nowrap">
      <TimePicker
        key={`${value}|${timeMode}|${entries}`}
        label={t('clock')}
        defaultValue={value}
        onChange={(clock) => {
          draft.current = clock;
        }}
        onBlur={apply}
        withSeconds
        format={clockFormat(timeMode)}
        minutesStep={CLOCK_STEP}
        secondsStep={CLOCK_STEP}
        hoursInputLabel={t('hours')}
        minutesInputLabel={t('minutes')}
        secondsInputLabel={t('seconds')}
        amPmInputLabel={t('am-pm')}
        data-testid="time-picker-clock"
      />
      <Switch
        label={t('24-hour')}
        checked={timeMode === 24}
        onChange={(event) => setTimeMode(event.currentTarget.checked ? 24 : 12)}
        mb={6}
      />
    </Group>
  );
}
