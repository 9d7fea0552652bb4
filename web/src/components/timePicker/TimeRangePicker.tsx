import { Alert, Group, Stack } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { pastBounds } from './bounds';
import { MS_PER_HOUR } from './constants';
import { DateTimePopover } from './DateTimePopover';
import { adjustRange, exceedsMinutes, exceedsMs, type RangeEnd, type TimeRange } from './rangeRule';
import './timePickerTexts';

export interface TimeRangePickerProps {
  value: TimeRange;
  /** The range after a change, by the start/end rules and within the bounds (`adjustRange`). */
  onChange: (range: TimeRange) => void;
  /** The zone the pickers show and read times in (the network's). */
  timeZone: string;
  /** Earliest moment of either end; default 1 year before now. */
  earliestMs?: number;
  /** Latest moment of either end; default now, and never later: the range is of recorded video. */
  latestMs?: number;
  /** With it, a longer range warns 'Timeframe exceeds N minutes'. */
  maxDurationMinutes?: number;
  /** With it, a longer range notes that exports are split (the exports pass 10800000: 3 hours). */
  splitNoticeAfterMs?: number;
  startLabel?: string;
  endLabel?: string;
  disabled?: boolean;
}

/**
 * Start and end pickers of a past range (spec 03 §2, §5). When the end moves to or before the start, the start
 * becomes the end minus 1 hour; when the start moves after the end, the end becomes the later of the start plus
 * 1 hour and now; both stay within the bounds. Notices follow for a range over `maxDurationMinutes` or
 * `splitNoticeAfterMs`.
 */
export function TimeRangePicker(props: TimeRangePickerProps) {
  const { value, onChange, timeZone, earliestMs, latestMs, maxDurationMinutes, splitNoticeAfterMs, disabled } = props;
  const { t } = useTranslation('timePicker');
  const latestFor = (nowMs: number) => Math.min(latestMs ?? nowMs, nowMs);

  const change = (end: RangeEnd) => (ms: number) => {
    const nowMs = Date.now();
    const bounds = pastBounds(nowMs, timeZone, { earliestMs, latestMs: latestFor(nowMs) });
    const next = end === 'start' ? { ...value, startMs: ms } : { ...value, endMs: ms };
    onChange(adjustRange(next, end, nowMs, bounds));
  };
  const tooLong = maxDurationMinutes !== undefined && exceedsMinutes(value, maxDurationMinutes);
  const split = splitNoticeAfterMs !== undefined && exceedsMs(value, splitNoticeAfterMs);
  const shared = { timeZone, earliestMs, latestMs: latestFor(Date.now()), disabled };

  return (
    <Stack gap="xs">
      <Group grow align="flex-start" gap="xs">
        <DateTimePopover
          {...shared}
          label={props.startLabel ?? t('start-time')}
          value={value.startMs}
          onChange={change('start')}
          data-testid="time-range-start"
        />
        <DateTimePopover
          {...shared}
          label={props.endLabel ?? t('end-time')}
          value={value.endMs}
          onChange={change('end')}
          data-testid="time-range-end"
        />
      </Group>
      {tooLong && (
        <Alert color="yellow" p="xs" icon={<IconAlertTriangle size={16} aria-hidden />} data-testid="time-range-too-long">
          {t('max-duration', { minutes: maxDurationMinutes })}
        </Alert>
      )}
      {split && (
        <Alert color="blue" p="xs" icon={<IconInfoCircle size={16} aria-hidden />} data-testid="time-range-split">
          {t('split-notice', { hours: splitNoticeAfterMs / MS_PER_HOUR })}
        </Alert>
      )}
    </Stack>
  );
}
