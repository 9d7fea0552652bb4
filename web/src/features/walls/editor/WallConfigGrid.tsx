import { Box, Center, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { DewarpView } from '../../dewarp';
import { EDITOR_COLUMNS } from '../model/grid';
import { CELL_ASPECT } from '../model/templates';
import type { WallTile } from '../wallsApi';
import { EditorTile } from './EditorTile';

export interface WallConfigGridProps {
  tiles: readonly WallTile[];
  swapTileId: number | null;
  onSwapStart: (tileId: number) => void;
  onSwapWith: (tileId: number) => void;
  onSwapCancel: () => void;
  onRemove: (tileId: number) => void;
  onResize: (tileId: number, size: number) => void;
  onViewChange: (tileId: number, view: DewarpView | null) => void;
}

/**
 * Stage WALL_CONFIG: the tiles drawn cell for cell on the editor's 28-column grid (docs/design/walls.md), cells 16:9 as
 * in the viewer. Escape cancels a swap in progress.
 */
export function WallConfigGrid({ tiles, swapTileId, onSwapCancel, ...handlers }: WallConfigGridProps) {
  const { t } = useTranslation('wallEditor');
  const gridRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (swapTileId === null) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onSwapCancel();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [swapTileId, onSwapCancel]);

  if (tiles.length === 0) {
    return (
      <Center mih={240} bd="1px dashed var(--mantine-color-default-border)" style={{ borderRadius: 8 }}>
        <Text c="dimmed">{t('add-cameras-to-get-started')}</Text>
      </Center>
    );
  }

  const rows = Math.max(1, ...tiles.map((tile) => tile.y + tile.h));
  return (
    <Box>
      {swapTileId !== null && (
        <Text size="sm" c="blue" mb={4} role="status">
          {t('swap-hint')}
        </Text>
      )}
      <Box
        ref={gridRef}
        data-testid="wall-editor-grid"
        style={{
          display: 'grid',
          gridTemplateColumns: `repeat(${EDITOR_COLUMNS}, 1fr)`,
          gridTemplateRows: `repeat(${rows}, 1fr)`,
          aspectRatio: `${(EDITOR_COLUMNS * CELL_ASPECT) / rows}`,
          gap: 2,
          background: 'var(--mantine-color-default-hover)',
          borderRadius: 'var(--mantine-radius-sm)',
        }}
      >
        {tiles.map((tile, index) => (
          <EditorTile
            key={tile.id}
            tile={tile}
            index={index + 1}
            swapTileId={swapTileId}
            gridRef={gridRef}
            onSwapCancel={onSwapCancel}
            {...handlers}
          />
        ))}
      </Box>
    </Box>
  );
}
