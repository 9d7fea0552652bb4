import '../exportsTexts';
import { Box, Divider, Drawer, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { cameraDisplayName } from '../../cameras/cameraModel';
import { EXPORTS_CAMERA_DRAWER } from '../constants';
import { type ExportJob, useGetCameraExportsInfiniteQuery } from '../exportsApi';
import { useExportClock } from '../hooks/useExportClock';
import { useExportPolling } from '../hooks/useExportPolling';
import { CameraExportDetail } from './CameraExportDetail';
import { CreateExportForm } from './CreateExportForm';
import { RecentExports } from './RecentExports';

const NO_JOBS: readonly ExportJob[] = [];

export interface CameraExportsDrawerProps {
  opened: boolean;
  onClose: () => void;
  camera: Camera;
}

/**
 * The camera page's exports drawer (side drawer EXPORTS_CAMERA, spec 03 §2): the create form, then the camera's recent
 * exports (an infinite list), and a detail view of one of them with back. While the drawer is open, the camera's
 * jobs still to be done are asked for every 5 s. Its owner keeps it mounted once opened (its own chunk).
 */
export function CameraExportsDrawer({ opened, onClose, camera }: CameraExportsDrawerProps) {
  const { t } = useTranslation('exports');
  const networkId = camera.network_id;
  const clock = useExportClock();
  const [detailId, setDetailId] = useState<number | null>(null);
  const list = useGetCameraExportsInfiniteQuery({ networkId, videoChannelId: camera.channel.id });
  const jobs = useMemo(() => {
    // A job made between two pages' requests moves the offsets: one may come twice.
    const seen = new Set<number>();
    return (list.data?.pages ?? [])
      .flatMap((page) => page.jobs)
      .filter((job) => {
        if (seen.has(job.id)) return false;
        seen.add(job.id);
        return true;
      });
  }, [list.data]);
  const totalCount = list.data?.pages.at(-1)?.__total_count ?? 0;
  useExportPolling(networkId, opened ? jobs : NO_JOBS);

  const detail = detailId === null ? undefined : jobs.find((job) => job.id === detailId);
  // The detail view closes when its job is gone (deleted here or elsewhere).
  const gone = detailId !== null && !detail && list.isSuccess && !list.isFetching;
  useEffect(() => {
    if (gone) setDetailId(null);
  }, [gone]);

  const { fetchNextPage } = list;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="lg"
      title={t('camera-drawer-title')}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <Stack gap="md" data-testid="camera-exports-drawer" data-drawer={EXPORTS_CAMERA_DRAWER}>
        {detail && <CameraExportDetail networkId={networkId} job={detail} clock={clock} onBack={() => setDetailId(null)} />}
        {/* Hidden rather than unmounted in the detail view: the form keeps what was typed, the list its place. */}
        <Box display={detail ? 'none' : undefined}>
          <Stack gap="md">
            <Text fw={500}>{cameraDisplayName(camera)}</Text>
            <CreateExportForm camera={camera} opened={opened} timeZone={clock.timeZone} />
            <Divider label={t('recent-exports')} labelPosition="left" />
            <RecentExports
              jobs={jobs}
              totalCount={totalCount}
              loading={list.isLoading}
              failed={list.isError}
              hasMore={list.hasNextPage}
              loadingMore={list.isFetchingNextPage}
              onLoadMore={loadMore}
              onOpen={(job) => setDetailId(job.id)}
              clock={clock}
            />
          </Stack>
        </Box>
      </Stack>
    </Drawer>
  );
}
