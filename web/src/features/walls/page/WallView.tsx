import { Stack } from '@mantine/core';
import { usePreference } from '../../preferences';
import { WallGrid } from '../tile/WallGrid';
import type { VideoWall } from '../wallsApi';
import { WallHeader } from './WallHeader';

/** A wall's header and its live grid; cross-network walls tag the tiles with local time when the switch is on. */
export function WallView({ wall }: { wall: VideoWall }) {
  const showLocalTime = usePreference('showVideoWallLocalTime');
  return (
    <Stack gap="sm" w="100%" data-testid="wall-view" data-wall-id={wall.id} style={{ flex: 1, minHeight: 0 }}>
      <WallHeader wall={wall} />
      <WallGrid key={wall.id} wall={wall} showLocalTime={wall.is_cross_network && showLocalTime} />
    </Stack>
  );
}
