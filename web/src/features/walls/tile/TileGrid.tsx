import { Box, Center, Text } from '@mantine/core';
import { Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WallTile } from '../wallsApi';
import { WALL_GRID_COLUMNS } from './constants';
import { gridAspect, gridRowCount } from './gridPlacement';
import { tileKey } from './tileViewModel';

/** What `TileGrid` gives each tile it places (the props `WallTileView` takes from its grid). */
export interface TilePlacement {
  /** Rows of the whole grid (where a peeked tile grows from). */
  rows: number;
  peeked: boolean;
  /** The peeked tile's key (`tileKey`), null to close the peek. */
  onPeek: (tileKey: string | null) => void;
}

export interface TileGridProps {
  tiles: readonly WallTile[];
  /** One tile's view (a `WallTileView`), given its place in the grid and its peek state. */
  renderTile: (tile: WallTile, placement: TilePlacement) => ReactNode;
  /** The grid in the middle of the area's height (else at its top). */
  centered?: boolean;
}

/**
 * Tiles at their places (28-column cells) in a CSS grid of 16:9 cells, as large as the area allows at the layout's
 * aspect ratio, one tile at a time peeked (enlarged over the grid): the wall view's grid (`WallGrid`) and the camera
 * page's wall of a multi-imager camera's imagers. Tiles are keyed by place and channel (`tileKey`), not by id: a save
 * gives every tile a new id, and the tile's player, peek and view stay.
 */
export function TileGrid({ tiles, renderTile, centered = false }: TileGridProps) {
  const { t } = useTranslation('walls');
  const [peekedKey, setPeekedKey] = useState<string | null>(null);
  const rows = gridRowCount(tiles);
  const aspect = gridAspect(tiles);
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
          alignSelf: centered ? 'center' : 'flex-start',
        }}
      >
        {tiles.map((tile) => (
          <Fragment key={tileKey(tile)}>
            {renderTile(tile, { rows, peeked: tileKey(tile) === peeked, onPeek: setPeekedKey })}
          </Fragment>
        ))}
      </Box>
    </Box>
  );
}
