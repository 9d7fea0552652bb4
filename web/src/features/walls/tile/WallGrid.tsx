import { useMemo } from 'react';
import { useCurrentNetworkId, useNetworks } from '../../auth/hooks';
import { resolveTimeZone } from '../../timeline';
import type { VideoWall } from '../wallsApi';
import { TileGrid } from './TileGrid';
import { useFreshTileCameras } from './useFreshTileCameras';
import { useSaveTileView } from './useSaveTileView';
import { WallTileView } from './WallTileView';

export interface WallGridProps {
  wall: VideoWall;
  /** Cross-network walls: tag every tile with its camera network's local time. */
  showLocalTime: boolean;
}

/**
 * The wall's stored tiles in a `TileGrid`, with their cameras' fresh status, their network's local time (cross-network
 * walls with the switch on) and 'Save view on wall' for users who may edit walls.
 */
export function WallGrid({ wall, showLocalTime }: WallGridProps) {
  const networks = useNetworks();
  const networkId = useCurrentNetworkId() ?? wall.network_id;
  const tiles = useFreshTileCameras(wall.tiles, networkId);
  const saveView = useSaveTileView(wall, networkId);
  const zones = useMemo(() => new Map(networks.map((network) => [network.id, resolveTimeZone(network.timezone)])), [networks]);

  return (
    <TileGrid
      tiles={tiles}
      renderTile={(tile, placement) => (
        <WallTileView
          tile={tile}
          {...placement}
          localTimeZone={showLocalTime && tile.camera ? (zones.get(tile.camera.network_id) ?? null) : null}
          onSaveView={saveView}
        />
      )}
    />
  );
}
