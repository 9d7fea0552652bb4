import { ActionIcon, Group, Loader, Text, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../../timeline/timeFormat';
import type { ExportClock } from '../hooks/useExportClock';

export interface SyncStatusProps {
  /** When the jobs last came from the server. */
  lastSyncedMs: number | undefined;
  fetching: boolean;
  clock: ExportClock;
  onRefresh: () => void;
}

/** 'Last synced 3:04:05 PM' with a refresh button, or a spinner while the list is asked for. */
export function SyncStatus({ lastSyncedMs, fetching, clock, onRefresh }: SyncStatusProps) {
  const { t } = useTranslation('exports');
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {lastSyncedMs === undefined
          ? t('not-synced')
          : t('last-synced', { time: formatClock(lastSyncedMs, clock.timeZone, clock.timeMode) })}
      </Text>
      {fetching ? (
        <Loader size={18} role="status" aria-label={t('syncing')} />
      ) : (
        <Tooltip label={t('refresh')} openDelay={300}>
          <ActionIcon variant="subtle" color="gray" aria-label={t('refresh')} onClick={onRefresh}>
            <IconRefresh size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
