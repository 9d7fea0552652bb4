import { useMemo, useState } from 'react';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { usePreference } from '../../preferences';
import { filterCameras } from '../cameraModel';
import { SIDE_PANEL_WIDTH_PX } from '../constants';
import { CameraList } from '../list/CameraList';
import { CameraSearchInput } from '../list/CameraSearchInput';
import { useListWalls } from '../list/useListWalls';
import { FloorPlanPanel } from '../map/FloorPlanPanel';

export interface CameraSidePanelProps {
  networkId: number;
  /** Ordered camera list. */
  cameras: readonly Camera[];
  currentCameraId: number | undefined;
  isLoading: boolean;
  isError: boolean;
}

/**
 * Side panel of the camera area: mini map (when the showFloorPlan preference is on), search and the list (the 'Walls'
 * group, when it shows, and the cameras).
 */
export function CameraSidePanel({ networkId, cameras, currentCameraId, isLoading, isError }: CameraSidePanelProps) {
  const { t } = useTranslation('cameras');
  const showFloorPlan = usePreference('showFloorPlan');
  const [search, setSearch] = useState('');
  const shown = useMemo(() => filterCameras(cameras, search), [cameras, search]);
  const walls = useListWalls(networkId, search);

  return (
    <Stack
      component="aside"
      aria-label={t('camera-list')}
      id="camera-side-panel"
      gap="xs"
      p="xs"
      w={SIDE_PANEL_WIDTH_PX}
      h="100%"
      style={{ flexShrink: 0, borderRight: '1px solid var(--mantine-color-default-border)', minHeight: 0 }}
    >
      {showFloorPlan && <FloorPlanPanel networkId={networkId} cameras={cameras} currentCameraId={currentCameraId} />}
      <CameraSearchInput value={search} onChange={setSearch} />
      <CameraList
        networkId={networkId}
        cameras={shown}
        walls={walls}
        currentCameraId={currentCameraId}
        isLoading={isLoading}
        isError={isError}
      />
    </Stack>
  );
}
