import { Box, Center, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentNetworkId, useNetworks } from '../../auth/hooks';
import { resolveTimeZone } from '../../timeline';
import type { VideoWall } from '../wallsApi';
import { WALL_GRID_COLUMNS } from './constants';
import { gridAspect, gridRowCount } from './gridPlacement';
import { tileKey } from './tileViewModel';
import { useFreshTileCameras } from './useFreshTileCameras';
import { useSaveTileView } from './useSaveTileView';
import { WallTileView } from './WallTileView';

export interface WallGridProps {
  wall: VideoWall;
  /** Cross-network walls: tag every tile with its camera network's local time. */
  showLocalTime: boolean;
}

/**
 * The wall's tiles at their stored places (28-column cells) in a CSS grid of 16:9 cells, as large as the area allows
 * at the layout's aspect ratio. One tile at a time may be peeked (enlarged over the grid). Tiles are keyed by place and
 * channel (`tileKey`), not by id: a save gives every tile a new id, and the tile's player, peek and view stay.
 */
export function WallGrid({ wall, showLocalTime }: WallGridProps) {
  const { t } = useTranslation('walls');
  const networks = useNetworks();
  const networkId = useCurrentNetworkId() ?? wall.network_id;
  const tiles = useFreshTileCameras(wall.tiles, networkId);
  const saveView = useSaveTileView(wall, networkId);
  const [peekedKey, setPeekedKey] = useState<string | null>(null);
  const rows = gridRowCount(tiles);
  const aspect = gridAspect(tiles);
  const zones = useMemo(() => new Map(networks.map((network) => [network.id, resolveTimeZone(network.timezone)])), [networks]);
  const peeked = tiles.some((tile) => tileKey(tile) === peekedKey) ? peekedKey : null;

  if (tiles.length === 0) {
    return (
      <Center mih={240} w="100%">
        <Text c="dimmed">{t('empty-wall')}</Text>
      </Center>
    );
  }
  return (
    // The outer box is a size container: the grid is the largest box of the layout's aspect ratio that fits in it.
    <Box w="100%" style={{ flex: 1, minHeight: 240, containerType: 'size', display: 'flex', justifyContent: 'center' }}>
      <Box
        data-testid="wall-grid"
        data-rows={rows}
        style={{
          position: 'relative',
          width: `min(100cqw, ${aspect} * 100cqh)`,
          aspectRatio: String(aspect),
          display: 'grid',
          gridTemplateColumns: `repeat(${WALL_GRID_COLUMNS}, minmax(0, 1fr))`,
          gridTemplateRows: `repeat(${rows}, minmax(0, 1fr))`,
          gap: 2,
          alignSelf: 'flex-start',
        }}
      >
        {tiles.map((tile) => (
          <WallTileView
            key={tileKey(tile)}
            tile={tile}
            rows={rows}
            peeked={tileKey(tile) === peeked}
            localTimeZone={showLocalTime && tile.camera ? (zones.get(tile.camera.network_id) ?? null) : null}
            onPeek={setPeekedKey}
            onSaveView={saveView}
          />
        ))}
      </Box>
    </Box>
  );
}
