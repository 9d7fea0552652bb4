import { Box, Group, RingProgress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  type ExportStatusKind,
  exportStatusKind,
  exportStatusLabelKey,
  friendlyError,
  isExpiringSoon,
  showsProgress,
} from '../displayStatus';
import type { ExportJob } from '../exportsApi';
import { formatDate } from '../../timeline/timeFormat';
import type { ExportClock } from '../hooks/useExportClock';

const COLORS: Record<ExportStatusKind, string> = {
  failed: 'red',
  error: 'red',
  cancelling: 'orange',
  cancelled: 'gray',
  paused: 'yellow',
  resumed: 'blue',
  frozen: 'cyan',
  finished: 'green',
  pending: 'gray',
  expiringSoon: 'orange',
  queued: 'yellow',
  running: 'blue',
};

/** A job's status label (spec 03 §4), its progress circle while processed, its error and a close expiry. */
export function ExportStatus({ job, clock }: { job: ExportJob; clock: ExportClock }) {
  const { t } = useTranslation('exports');
  const kind = exportStatusKind(job, clock.nowMs);
  const progress = Math.max(0, Math.min(100, Math.round(job.export_progress)));
  const failed = kind === 'failed' || kind === 'error';
  const expiresMs = job.export_expiration_date ? Date.parse(job.export_expiration_date) : NaN;
  return (
    <Group gap="xs" wrap="nowrap">
      {showsProgress(job, clock.nowMs) && (
        <Box role="progressbar" aria-label={t('progress-label')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
          <RingProgress
            size={40}
            thickness={4}
            roundCaps
            sections={[{ value: progress, color: 'blue' }]}
            label={
              <Text size="10px" ta="center" aria-hidden>
                {progress}%
              </Text>
            }
          />
        </Box>
      )}
      <Stack gap={0}>
        <Text size="sm" fw={500} c={COLORS[kind]} data-testid="export-status">
          {t(exportStatusLabelKey(job, clock.nowMs))}
        </Text>
        {failed && (
          <Text size="xs" c="dimmed">
            {friendlyError(job) ?? t('unexpected-error')}
          </Text>
        )}
        {kind === 'finished' && isExpiringSoon(job, clock.nowMs) && (
          <Text size="xs" c="orange">
            {t('expiring-soon', { date: formatDate(expiresMs, clock.timeZone) })}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
