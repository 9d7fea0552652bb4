import { Anchor, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileCertificate } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../../timeline/timeFormat';
import type { ExportJob } from '../exportsApi';
import { exportRangeText, fileSizeText, isoText } from '../format';
import type { ExportClock } from '../hooks/useExportClock';
import type { ExportCommands } from '../hooks/useExportCommands';
import { isCombined, type JobActions } from '../jobActions';
import { ExportStatus } from './ExportStatus';
import { JobActionButtons } from './JobActionButtons';
import { SourceClips } from './SourceClips';

export interface ExportDetailsProps {
  networkId: number;
  job: ExportJob;
  clock: ExportClock;
  actions: JobActions;
  commands: ExportCommands;
}

/** Every field of a job, its actions, its evidence manifest and, for a combined job, its source clips. */
export function ExportDetails({ networkId, job, clock, actions, commands }: ExportDetailsProps) {
  const { t } = useTranslation('exports');
  const time = (iso: string | null | undefined) => isoText(iso, clock.timeZone, clock.timeMode);
  const rows: [string, ReactNode][] = [
    [t('field-status'), <ExportStatus job={job} clock={clock} />],
    [t('field-type'), isCombined(job) ? t('type-combined') : t('type-export')],
    [t('field-camera'), job.camera_name],
    [t('field-range'), exportRangeText(job.t0, job.t1, clock.timeZone, clock.timeMode)],
    [t('field-duration'), formatDuration(job.duration * 1000)],
    [t('field-creator'), job.user?.name ?? ''],
    [t('field-created'), time(job.created_at)],
    [t('field-scheduled'), time(job.scheduled_for_time)],
    [t('field-force-started'), time(job.export_force_started_at)],
    [t('field-cancellation-requested'), time(job.cancellation_requested_at)],
    [t('field-cancelled'), time(job.export_cancelled_at)],
    [t('field-completed'), time(job.export_completed_at)],
    [t('field-expires'), time(job.export_expiration_date)],
    [t('field-size'), job.file_bytes == null ? '' : fileSizeText(job.file_bytes)],
    [
      t('field-checksum'),
      job.export_sha256 ? (
        <Code style={{ wordBreak: 'break-all' }} data-testid="export-checksum">
          {job.export_sha256}
        </Code>
      ) : (
        ''
      ),
    ],
    [t('field-shared'), job.shared ? t('yes') : t('no')],
    [t('field-id'), String(job.id)],
  ];
  return (
    <Stack gap="md">
      <Title order={3} fz="h4" style={{ wordBreak: 'break-word' }}>
        {job.filename}
      </Title>
      <JobActionButtons job={job} actions={actions} commands={commands} />
      <Table variant="vertical" layout="fixed" withTableBorder>
        <Table.Tbody>
          {rows
            .filter(([, value]) => value !== '')
            .map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={170} scope="row">
                  {label}
                </Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
      {job.manifest_url && (
        // The server names the download '{filename}.manifest.json' (Content-Disposition: attachment).
        <Anchor href={job.manifest_url} download data-testid="export-manifest-link">
          <Group gap={4} component="span">
            <IconFileCertificate size={16} aria-hidden />
            {t('evidence-manifest')}
          </Group>
        </Anchor>
      )}
      {job.source_exports && job.source_exports.length > 0 && (
        <SourceClips networkId={networkId} sources={job.source_exports} clock={clock} />
      )}
      {!job.manifest_url && !isCombined(job) && (
        <Text size="xs" c="dimmed">
          {t('manifest-when-complete')}
        </Text>
      )}
    </Stack>
  );
}
