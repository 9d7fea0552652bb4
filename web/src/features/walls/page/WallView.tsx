import { Stack } from '@mantine/core';
import { useState, useSyncExternalStore } from 'react';
import { usePreference } from '../../preferences';
import { createExportChecks, ExportChecksContext, WALL_EXPORTS_DRAWER_WIDTH_PX } from '../tile/exportChecks';
import { WallGrid } from '../tile/WallGrid';
import type { VideoWall } from '../wallsApi';
import { WallHeader } from './WallHeader';

/**
 * A wall's header and its live grid; cross-network walls tag the tiles with local time when the switch is on. It
 * provides the tiles' export checkboxes (`ExportChecksContext`), which the header's export drawer fills while open
 * (keyed by the wall, so another wall starts with a new drawer and no checkboxes), and leaves room on its right for
 * that drawer while it is open.
 */
export function WallView({ wall }: { wall: VideoWall }) {
  const showLocalTime = usePreference('showVideoWallLocalTime');
  const [exportChecks] = useState(createExportChecks);
  const exporting = useSyncExternalStore(exportChecks.subscribe, exportChecks.shown);
  return (
    <ExportChecksContext.Provider value={exportChecks}>
      <Stack
        gap="sm"
        w="100%"
        data-testid="wall-view"
        data-wall-id={wall.id}
        style={{ flex: 1, minHeight: 0, paddingRight: exporting ? WALL_EXPORTS_DRAWER_WIDTH_PX : undefined }}
      >
        <WallHeader wall={wall} />
        <WallGrid key={wall.id} wall={wall} showLocalTime={wall.is_cross_network && showLocalTime} />
      </Stack>
    </ExportChecksContext.Provider>
  );
}
