import { useState } from 'react';
import { Box } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { MOBILE_BREAKPOINT_PX } from '../constants';
import { useCameraStatusRefresh } from '../hooks/useCameraStatusRefresh';
import { useCameraIdParam, useNetworkIdParam } from '../hooks/useNetworkIdParam';
import { useOrderedCameras } from '../hooks/useOrderedCameras';
import { CameraSidePanel } from './CameraSidePanel';
import { SidePanelToggle } from './SidePanelToggle';

function startsOpen(): boolean {
  return typeof window === 'undefined' || window.innerWidth >= MOBILE_BREAKPOINT_PX;
}

/** `/n/:networkId/cameras`: side panel (mini map, search, list) beside the routed main area. */
export function CamerasLayout() {
  const networkId = useNetworkIdParam();
  const currentCameraId = useCameraIdParam();
  const { cameras, isLoading, isError } = useOrderedCameras(networkId);
  const [panelOpen, setPanelOpen] = useState(startsOpen);
  useCameraStatusRefresh(networkId);

  return (
    <Box display="flex" h="100%" mih={0} style={{ overflow: 'hidden' }}>
      {panelOpen && (
        <CameraSidePanel
          networkId={networkId}
          cameras={cameras}
          currentCameraId={currentCameraId}
          isLoading={isLoading}
          isError={isError}
        />
      )}
      {/* A column, so that a page can take the height left under the toggle (the camera page's viewer does). */}
      <Box
        component="section"
        style={{ flex: 1, minWidth: 0, overflow: 'auto', display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}
        p="sm"
      >
        <SidePanelToggle open={panelOpen} onToggle={() => setPanelOpen((open) => !open)} />
        <Outlet />
      </Box>
    </Box>
  );
}
