import { Box } from '@mantine/core';
import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { useCurrentUser, useNfo } from '../../auth/hooks';
import { useCameraStatusRefresh } from '../../cameras/hooks/useCameraStatusRefresh';
import { useNetworkIdParam } from '../../cameras/hooks/useNetworkIdParam';
import { RotationIndicator, useAutoRefresh, useMemoryTelemetry, useWallCycle } from '../rotation';
import type { VideoWall } from '../wallsApi';
import { useLastViewedWall } from './useLastViewedWall';
import { useShownWalls } from './useShownWalls';
import { useWallIdParam } from './useWallIdParam';
import { WallsError, WallsLoading } from './WallPageMessage';
import { WallSidebar } from './WallSidebar';
import { WallView } from './WallView';

const NO_WALLS: readonly VideoWall[] = [];

/**
 * `/n/:networkId/video-walls/:videoWallId`: the sidebar and the wall. An unknown wall goes back to the wall list
 * (forgetting it as the last viewed one, so the index does not send the user back here); so does a wall that leaves
 * the list while shown (`useShownWalls` asks for it every 30 s). The page runs the rotation
 * cycle from the query, the auto-refresh and the memory telemetry (`../rotation`); it stays mounted from wall to wall,
 * so their clocks run from the page's opening.
 */
export function WallPage() {
  const networkId = useNetworkIdParam();
  const wallId = useWallIdParam();
  const { data: walls, isLoading, isError } = useShownWalls(networkId, wallId);
  const { lastViewedWallId, rememberWall, forgetWall } = useLastViewedWall(networkId);
  const wall = walls?.find((candidate) => candidate.id === wallId);
  const foundId = wall?.id;
  const unknown = walls !== undefined && !wall;
  // The tiles read their cameras' status from the camera list (the cameras area refreshes it itself).
  useCameraStatusRefresh(networkId);
  const user = useCurrentUser();
  const cycle = useWallCycle(networkId, walls ?? NO_WALLS, foundId ?? -1);
  useAutoRefresh(useNfo('has_video_wall_auto_refresh', networkId), cycle);
  const telemetryOn = useNfo('has_camera_memory_telemetry', networkId);
  useMemoryTelemetry(telemetryOn && foundId !== undefined, {
    videoWallId: foundId ?? -1,
    isRotating: cycle.active,
    orgId: user?.org_id ?? null,
    networkId,
    userId: user?.id ?? null,
  });

  useEffect(() => {
    if (foundId !== undefined) rememberWall(foundId);
  }, [foundId, rememberWall]);
  useEffect(() => {
    if (unknown && (lastViewedWallId === wallId || wallId === undefined)) forgetWall();
  }, [unknown, lastViewedWallId, wallId, forgetWall]);

  if (isLoading) return <WallsLoading />;
  if (isError || !walls) return <WallsError />;
  if (!wall) return <Navigate to={`/n/${networkId}/video-walls`} replace />;
  return (
    <Box display="flex" h="100%" mih={0} style={{ overflow: 'hidden' }} data-testid="wall-page">
      <WallSidebar networkId={networkId} walls={walls} currentWall={wall} cycle={cycle} />
      <Box component="section" p="sm" style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 8, overflow: 'auto' }}>
        <RotationIndicator cycle={cycle} />
        <WallView wall={wall} />
      </Box>
    </Box>
  );
}
