import { Button, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { SchedulePicker, type TimeRange, TimeRangePicker } from '../../../components/timePicker';
import { EXPORT_SPLIT_MS } from '../constants';
import { isValidFilename } from '../filename';
import { canCreateExport, defaultExportRange } from './exportRequest';
import { useCreateCameraExport } from './useCreateCameraExport';

export interface CreateExportFormProps {
  camera: Camera;
  /** The drawer is open: each opening starts again from the last 10 minutes, scheduled now. */
  opened: boolean;
  /** The zone the pickers show times in (the network's). */
  timeZone: string;
}

/**
 * The camera drawer's create form (spec 03 §2, §5): an optional filename (letters, numbers, spaces, - _ . only), start
 * and end (the last 10 minutes at first; a range over 3 hours is split), the schedule time (now at first) and Create,
 * enabled only with all of them valid.
 */
export function CreateExportForm({ camera, opened, timeZone }: CreateExportFormProps) {
  const { t } = useTranslation('exports');
  const [filename, setFilename] = useState('');
  const [range, setRange] = useState<TimeRange>(() => defaultExportRange(Date.now()));
  const [scheduleMs, setScheduleMs] = useState<number | null>(null);
  const { create, creating } = useCreateCameraExport(camera);

  useEffect(() => {
    if (!opened) return;
    setRange(defaultExportRange(Date.now()));
    setScheduleMs(null);
  }, [opened]);

  const form = { filename, range, scheduleMs };
  const filenameValid = isValidFilename(filename.trim());

  return (
    <Stack gap="sm" data-testid="create-export-form">
      <TextInput
        label={t('filename')}
        placeholder={t('filename-optional')}
        value={filename}
        onChange={(event) => setFilename(event.currentTarget.value)}
        error={filenameValid ? undefined : t('filename-rule')}
        data-testid="export-filename"
      />
      <TimeRangePicker value={range} onChange={setRange} timeZone={timeZone} splitNoticeAfterMs={EXPORT_SPLIT_MS} />
      <SchedulePicker value={scheduleMs ?? undefined} onChange={setScheduleMs} timeZone={timeZone} />
      <Button
        disabled={!canCreateExport(form, camera)}
        loading={creating}
        onClick={() => {
          void create(form).then((job) => {
            if (job) setFilename('');
          });
        }}
        data-testid="create-export"
      >
        {t('create-export')}
      </Button>
    </Stack>
  );
}
