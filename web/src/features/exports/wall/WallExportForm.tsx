import { Button, Progress, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SchedulePicker, TimeRangePicker } from '../../../components/timePicker';
import { EXPORT_SPLIT_MS } from '../constants';
import { useExportAll } from './useExportAll';
import type { WallExport } from './useWallExport';
import { canExportAll } from './wallExportEntries';
import { WallExportControls } from './WallExportControls';
import { WallExportEntryList } from './WallExportEntryList';

export interface WallExportFormProps {
  wallExport: WallExport;
  /** The zone the pickers show times in (the page network's). */
  timeZone: string;
}

/**
 * The wall drawer's form (spec 03 §2, §5): 'same time range' (on: one range for every entry; off: each entry its
 * own), the entries with add camera / select all / clear, the schedule time (now at first), and 'Export all' with its
 * progress, enabled by `canExportAll`.
 */
export function WallExportForm({ wallExport, timeZone }: WallExportFormProps) {
  const { t } = useTranslation('exports');
  const { state, dispatch, entries, addable } = wallExport;
  const { exportAll, progress } = useExportAll(dispatch, timeZone);
  const running = progress !== null;
  return (
    <Stack gap="sm" data-testid="wall-export-form">
      <Switch
        label={t('same-time-range')}
        checked={state.sameRange}
        onChange={(event) => dispatch({ type: 'sameRangeSet', on: event.currentTarget.checked })}
      />
      {state.sameRange && (
        <TimeRangePicker
          value={state.range}
          onChange={(range) => dispatch({ type: 'rangeSet', range })}
          timeZone={timeZone}
          splitNoticeAfterMs={EXPORT_SPLIT_MS}
        />
      )}
      <WallExportControls entries={entries} addable={addable} dispatch={dispatch} />
      <WallExportEntryList entries={entries} sameRange={state.sameRange} timeZone={timeZone} dispatch={dispatch} />
      <SchedulePicker
        value={state.scheduleMs ?? undefined}
        onChange={(ms) => dispatch({ type: 'scheduleSet', ms })}
        timeZone={timeZone}
      />
      {progress && (
        <Stack gap={4} data-testid="export-all-progress">
          <Text size="sm">{t('exporting-progress', { done: progress.done, total: progress.total })}</Text>
          <Progress value={(progress.done / progress.total) * 100} aria-label={t('export-all-progress')} />
        </Stack>
      )}
      <Button
        disabled={!canExportAll(entries, running)}
        loading={running}
        onClick={() => void exportAll(entries, state.scheduleMs)}
        data-testid="export-all"
      >
        {t('export-all')}
      </Button>
    </Stack>
  );
}
