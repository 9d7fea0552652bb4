import { Anchor, Button, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { exportDetailPath } from '../exportPaths';
import type { ExportJob } from '../exportsApi';
import type { ExportClock } from '../hooks/useExportClock';
import { useExportCommands } from '../hooks/useExportCommands';
import { useJobActions } from '../hooks/useJobActions';
import { ExportDetails } from '../page/ExportDetails';

export interface CameraExportDetailProps {
  networkId: number;
  job: ExportJob;
  clock: ExportClock;
  onBack: () => void;
}

/**
 * The drawer's detail view of one export (spec 03 §2): back to the list, the exports page's details of the job (its
 * status, download, copy link, copy checksum and the other actions it offers, its fields and evidence manifest) and a
 * link to it on the exports page.
 */
export function CameraExportDetail({ networkId, job, clock, onBack }: CameraExportDetailProps) {
  const { t } = useTranslation('exports');
  const actionsOf = useJobActions(networkId, clock.nowMs);
  const commands = useExportCommands(networkId);
  return (
    <Stack gap="sm" data-testid="camera-export-detail">
      <Group justify="space-between">
        <Button variant="subtle" size="compact-sm" leftSection={<IconArrowLeft size={14} aria-hidden />} onClick={onBack}>
          {t('back')}
        </Button>
        <Anchor component={Link} to={exportDetailPath(networkId, job.id)} size="sm">
          {t('open-on-exports-page')}
        </Anchor>
      </Group>
      <ExportDetails networkId={networkId} job={job} clock={clock} actions={actionsOf(job)} commands={commands} />
    </Stack>
  );
}
