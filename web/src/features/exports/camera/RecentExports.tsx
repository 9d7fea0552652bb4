import { Alert, Box, Center, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { RECENT_EXPORTS_END_MARGIN_PX } from '../constants';
import type { ExportJob } from '../exportsApi';
import { exportRangeText } from '../format';
import type { ExportClock } from '../hooks/useExportClock';
import { useNearEnd } from '../hooks/useNearEnd';
import { ExportStatus } from '../page/ExportStatus';

export interface RecentExportsProps {
  jobs: readonly ExportJob[];
  /** How many exports the camera has in all (`__total_count`). */
  totalCount: number;
  loading: boolean;
  failed: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onOpen: (job: ExportJob) => void;
  clock: ExportClock;
  /** Said when there is none ('No exports of this camera yet'). */
  emptyText: string;
}

/**
 * A drawer's recent exports (the camera's, or the network's on a wall), newest first (spec 03 §2, §9): the next 50
 * load when the list's end comes within 50 px; then the footer reads 'All N exports loaded'. Each row shows its status
 * (a progress circle while the video is processed) and opens the export's details.
 */
export function RecentExports(props: RecentExportsProps) {
  const { jobs, totalCount, loading, failed, hasMore, loadingMore, onLoadMore, onOpen, clock, emptyText } = props;
  const { t } = useTranslation('exports');
  const boxRef = useRef<HTMLDivElement>(null);
  const onScroll = useNearEnd(boxRef, {
    marginPx: RECENT_EXPORTS_END_MARGIN_PX,
    enabled: hasMore && !loadingMore && !loading,
    onNearEnd: onLoadMore,
    contentKey: jobs.length,
  });

  let footer = null;
  if (loading || loadingMore)
    footer = (
      <Center py="sm">
        <Loader size="sm" aria-label={loading ? t('loading') : t('loading-more')} />
      </Center>
    );
  else if (failed) footer = <Alert color="red">{t('fetch-error')}</Alert>;
  else if (jobs.length === 0) footer = <Text c="dimmed" size="sm">{emptyText}</Text>;
  else if (!hasMore)
    footer = (
      <Text c="dimmed" size="xs" ta="center" py="xs" data-testid="recent-exports-footer">
        {t('all-loaded', { count: totalCount })}
      </Text>
    );

  return (
    <Box
      ref={boxRef}
      onScroll={onScroll}
      mah="45vh"
      style={{ overflowY: 'auto' }}
      data-testid="recent-exports"
      aria-label={t('recent-exports')}
      role="region"
    >
      <Stack gap={4}>
        {jobs.map((job) => (
          <UnstyledButton
            key={job.id}
            onClick={() => onOpen(job)}
            p="xs"
            aria-label={t('details-of', { name: job.filename })}
            data-testid={`recent-export-${job.id}`}
            style={{ borderRadius: 'var(--mantine-radius-sm)', border: '1px solid var(--mantine-color-default-border)' }}
          >
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate="end">
                  {job.filename}
                </Text>
                <Text size="xs" c="dimmed">
                  {exportRangeText(job.t0, job.t1, clock.timeZone, clock.timeMode)}
                </Text>
              </Stack>
              <ExportStatus job={job} clock={clock} />
            </Group>
          </UnstyledButton>
        ))}
        {footer}
      </Stack>
    </Box>
  );
}
