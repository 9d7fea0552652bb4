import { useEffect, useMemo, useRef } from 'react';
import { Center, Loader, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import type { Camera } from '../../../api/types';
import { LIST_OVERSCAN, LIST_ROW_HEIGHT_PX, SIDE_PANEL_WIDTH_PX } from '../constants';
import { CameraListItem } from './CameraListItem';
import { buildListRows, type ListRow } from './listRows';

export interface CameraListProps {
  networkId: number;
  /** Already ordered and filtered. */
  cameras: readonly Camera[];
  currentCameraId: number | undefined;
  isLoading: boolean;
  isError: boolean;
}

/** Virtual list of the side panel; only the visible rows (plus overscan) are in the DOM. */
export function CameraList({ networkId, cameras, currentCameraId, isLoading, isError }: CameraListProps) {
  const { t } = useTranslation('cameras');
  const rows = useMemo(
    () => buildListRows({ key: 'cameras', label: t('cameras-heading'), items: cameras }),
    [cameras, t],
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
    <VirtualRows rows={rows} networkId={networkId} currentCameraId={currentCameraId} label={t('cameras-heading')} />
  );
}

function ListMessage({ text }: { text: string }) {
  return (
    <Text c="dimmed" size="sm" ta="center" p="md" role="status">
      {text}
    </Text>
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
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => LIST_ROW_HEIGHT_PX,
    getItemKey: (index) => rows[index].key,
    overscan: LIST_OVERSCAN,
    initialRect: { width: SIDE_PANEL_WIDTH_PX, height: LIST_ROW_HEIGHT_PX * LIST_OVERSCAN },
  });

  // Bring the current camera into view when it changes (e.g. on arrival from a link or the map).
  const currentIndex = rows.findIndex((row) => row.kind === 'camera' && row.camera.id === currentCameraId);
  useEffect(() => {
    if (currentIndex >= 0) virtualizer.scrollToIndex(currentIndex, { align: 'auto' });
  }, [currentIndex, virtualizer]);

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
                <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" pt="sm">
                  {row.label}
                </Text>
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
    </div>
  );
}
