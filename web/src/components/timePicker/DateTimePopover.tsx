import { Button, Input, Popover, Stack } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boundDays, clampToBounds, pastBounds } from './bounds';
import { ClockField } from './ClockField';
import { DayCalendar } from './DayCalendar';
import { formatPickerValue } from './format';
import { NaturalTimeEntry } from './NaturalTimeEntry';
import { NaturalTimeHelp } from './NaturalTimeHelp';
import { resolveNaturalTime } from './naturalTime';
import './timePickerTexts';
import { useTimeMode } from './useTimeMode';
import { clockOf, dayOf, fromDayAndClock } from './zoned';

export interface DateTimePopoverProps {
  label: ReactNode;
  /** The picked moment, ms since the epoch. */
  value: number;
  /** A new moment, always within the bounds. */
  onChange: (ms: number) => void;
  /** The zone the picker shows and reads times in (the network's: `resolveTimeZone(network.timezone)`). */
  timeZone: string;
  /** Earliest moment that can be picked; default 1 year before now. */
  earliestMs?: number;
  /** Latest moment that can be picked; default now. */
  latestMs?: number;
  error?: ReactNode;
  disabled?: boolean;
  'data-testid'?: string;
}

/**
 * One date-time value (spec 03 §2 "Time picker"): a button showing it in the user's 12/24-hour mode opens a popover
 * with a text entry for times in words with its help and Go, a calendar (days outside the bounds disabled), and a
 * clock with the 12/24-hour switch. A phrase, a day picked or a clock entry applies at once, clamped to the bounds; Go
 * also closes the popover. Escape closes it; the focus starts in the text entry and Tab cycles through the popover.
 */
export function DateTimePopover(props: DateTimePopoverProps) {
  const { label, value, onChange, timeZone, earliestMs, latestMs, error, disabled } = props;
  const { i18n } = useTranslation('timePicker');
  const [timeMode] = useTimeMode();
  const [opened, setOpened] = useState(false);
  const [helpOpened, setHelpOpened] = useState(false);
  const labelId = useId();
  const valueId = useId();
  const boundsNow = () => pastBounds(Date.now(), timeZone, { earliestMs, latestMs });
  const { minDate, maxDate } = boundDays(boundsNow(), timeZone);

  const apply = (ms: number) => onChange(clampToBounds(ms, boundsNow()));
  const resolve = (text: string) =>
    resolveNaturalTime(text, { nowMs: Date.now(), timeZone, language: i18n.language }, boundsNow());

  return (
    <>
      <Input.Wrapper label={label} labelProps={{ id: labelId }} error={error}>
        {/* While the help is open, the popover keeps still: the modal takes the focus, the clicks and Escape. */}
        <Popover
          opened={opened}
          onChange={setOpened}
          position="bottom-start"
          shadow="md"
          trapFocus={!helpOpened}
          closeOnEscape={!helpOpened}
          closeOnClickOutside={!helpOpened}
          returnFocus
        >
          <Popover.Target>
            <Button
              variant="default"
              fullWidth
              justify="space-between"
              rightSection={<IconCalendar size={16} aria-hidden />}
              aria-labelledby={`${labelId} ${valueId}`}
              disabled={disabled}
              onClick={() => setOpened((open) => !open)}
              data-testid={props['data-testid']}
            >
              <span id={valueId}>{formatPickerValue(value, timeZone, timeMode)}</span>
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            {opened && (
              <Stack gap="sm">
                {/* First, so its data-autofocus wins over the calendar's (on the picked day). */}
                <NaturalTimeEntry
                  resolve={resolve}
                  onApply={(ms) => {
                    apply(ms);
                    setOpened(false);
                  }}
                  onHelp={() => setHelpOpened(true)}
                />
                <DayCalendar
                  value={dayOf(value, timeZone)}
                  minDate={minDate}
                  maxDate={maxDate}
                  onChange={(day) => apply(fromDayAndClock(day, clockOf(value, timeZone), timeZone))}
                />
                <ClockField
                  value={clockOf(value, timeZone)}
                  onChange={(clock) => apply(fromDayAndClock(dayOf(value, timeZone), clock, timeZone))}
                />
              </Stack>
            )}
          </Popover.Dropdown>
        </Popover>
      </Input.Wrapper>
      <NaturalTimeHelp opened={helpOpened} onClose={() => setHelpOpened(false)} />
    </>
  );
}
