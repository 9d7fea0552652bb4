import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { ActionIcon, Center, Group, Loader, Text, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Camera } from '../../../api/types';
import { LazyDeleteWallDialog } from '../../walls/lazy';
import { useWallIdParam } from '../../walls/page/useWallIdParam';
import { useCanEditWalls } from '../../walls/page/wallEditing';
import type { VideoWall } from '../../walls/wallsApi';
import { LIST_OVERSCAN, LIST_ROW_HEIGHT_PX, SIDE_PANEL_WIDTH_PX } from '../constants';
import { CameraListItem } from './CameraListItem';
import { buildListRows, rowHeight, type ListRow } from './listRows';
import { WallListItem } from './WallListItem';

export interface CameraListProps {
  networkId: number;
  /** Already ordered and filtered. */
  cameras: readonly Camera[];
  /** The 'Walls' group's walls that match the search (`useListWalls`); undefined: no group. */
  walls?: readonly VideoWall[];
  currentCameraId: number | undefined;
  isLoading: boolean;
  isError: boolean;
}

/** Virtual list of the side panel; only the visible rows (plus overscan) are in the DOM. */
export function CameraList({ networkId, cameras, walls, currentCameraId, isLoading, isError }: CameraListProps) {
  const { t } = useTranslation('cameras');
  const rows = useMemo(
    () =>
      buildListRows(cameras, walls, {
        walls: t('walls-heading'),
        wallsInfo: t('walls-heading-info'),
        cameras: t('cameras-heading'),
        noCameras: t('no-cameras-found'),
      }),
    [cameras, walls, t],
  );

  if (isLoading) {
    return (
      <Center p="md">
        <Loader size="sm" aria-label={t('loading-cameras')} />
      </Center>
    );
  }
  if (isError) return <ListMessage text={t('list-failed-to-load')} />;
  if (rows.length === 0) return <ListMessage text={t('no-cameras-found')} />;
  return (
    <VirtualRows
      rows={rows}
      networkId={networkId}
      currentCameraId={currentCameraId}
      label={walls ? t('walls-and-cameras') : t('cameras-heading')}
    />
  );
}

function ListMessage({ text }: { text: string }) {
  return (
    <Text c="dimmed" size="sm" ta="center" p="md" role="status">
      {text}
    </Text>
  );
}

/** A group's heading; the 'Walls' one with its info tooltip (hover or focus). */
function ListHeading({ label, info }: { label: string; info?: string }) {
  return (
    <Group gap={4} px="sm" h="100%" align="flex-end" wrap="nowrap">
      <Text component="h2" size="xs" fw={700} tt="uppercase" c="dimmed" m={0}>
        {label}
      </Text>
      {info && (
        <Tooltip label={info} multiline w={220} events={{ hover: true, focus: true, touch: true }}>
          <ActionIcon variant="subtle" color="gray" size="xs" aria-label={info}>
            <IconInfoCircle size={14} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

interface VirtualRowsProps {
  rows: ListRow[];
  networkId: number;
  currentCameraId: number | undefined;
  label: string;
}

function VirtualRows({ rows, networkId, currentCameraId, label }: VirtualRowsProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const { search } = useLocation();
  const navigate = useNavigate();
  const currentWallId = useWallIdParam();
  const canEditWalls = useCanEditWalls(networkId);
  const [deleting, setDeleting] = useState<VideoWall>();
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => rowHeight(rows[index]),
    getItemKey: (index) => rows[index].key,
    overscan: LIST_OVERSCAN,
    initialRect: { width: SIDE_PANEL_WIDTH_PX, height: LIST_ROW_HEIGHT_PX * LIST_OVERSCAN },
  });

  // Bring the current camera or wall into view when it changes (e.g. on arrival from a link or the map).
  const currentIndex = rows.findIndex(
    (row) =>
      (row.kind === 'camera' && row.camera.id === currentCameraId) || (row.kind === 'wall' && row.wall.id === currentWallId),
  );
  useEffect(() => {
    if (currentIndex >= 0) virtualizer.scrollToIndex(currentIndex, { align: 'auto' });
  }, [currentIndex, virtualizer]);

  // Deleting the wall on screen goes up to the camera index (spec 01 §2: "navigates up one level").
  const onDeleted = (wallId: number) => {
    if (wallId === currentWallId) navigate(`/n/${networkId}/cameras`);
  };

  return (
    <div ref={scrollRef} style={{ flex: 1, minHeight: 0, overflowY: 'auto' }} data-testid="camera-list">
      <div role="list" aria-label={label} style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          return (
            <div
              key={item.key}
              role="listitem"
              aria-setsize={rows.length}
              aria-posinset={item.index + 1}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                height: item.size,
                transform: `translateY(${item.start}px)`,
              }}
            >
              {row.kind === 'heading' ? (
                <ListHeading label={row.label} info={row.info} />
              ) : row.kind === 'empty' ? (
                <Text c="dimmed" size="sm" px="sm" pt={6} role="status">
                  {row.label}
                </Text>
              ) : row.kind === 'wall' ? (
                <WallListItem
                  wall={row.wall}
                  networkId={networkId}
                  current={row.wall.id === currentWallId}
                  canEdit={canEditWalls}
                  onDelete={setDeleting}
                />
              ) : (
                <CameraListItem
                  camera={row.camera}
                  networkId={networkId}
                  current={row.camera.id === currentCameraId}
                  locationSearch={search}
                />
              )}
            </div>
          );
        })}
      </div>
      {deleting && (
        <Suspense fallback={null}>
          <LazyDeleteWallDialog
            networkId={networkId}
            wall={deleting}
            onClose={() => setDeleting(undefined)}
            onDeleted={() => onDeleted(deleting.id)}
          />
        </Suspense>
      )}
    </div>
  );
}
