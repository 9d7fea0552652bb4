import '../wallTexts';
import { Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { cameraDisplayName, isCameraUp } from '../../cameras/cameraModel';
import { useNoBootPreview } from '../../viewer/bootPreview/bootPreview';
import { imagerTiles } from '../model/imagerWall';
import { TileGrid } from '../tile/TileGrid';
import { WallTileView } from '../tile/WallTileView';
import { MultiImagerControls } from './MultiImagerControls';

/**
 * The camera page of a multi-imager camera (`imager_count` > 1; spec 02 §2 "Camera page"): a wall of its imagers —
 * the wall view's tiles (`TileGrid`, `WallTileView`: live on the sub-stream, muted, hover overlay, peek on the main
 * stream, offline and error states), labelled 'Imager 1' … — over a control bar whose sound, export and settings are
 * disabled. In place of `CameraViewer`, loaded on its own (`features/walls/lazy.ts`).
 */
export function MultiImagerView({ camera }: { camera: Camera }) {
  const { t } = useTranslation('walls');
  const tiles = useMemo(() => imagerTiles(camera), [camera]);
  // The boot preview shows one imager where the single-camera viewer would be; this page has no such viewer.
  useNoBootPreview();
  return (
    <Stack
      gap={0}
      maw={1280}
      w="100%"
      bg="black"
      data-testid="multi-imager-view"
      role="region"
      aria-label={t('imagers-of', { name: cameraDisplayName(camera) })}
      style={{ flex: 1, minHeight: 0, borderRadius: 8, overflow: 'hidden' }}
    >
      <TileGrid
        tiles={tiles}
        centered
        renderTile={(tile, placement) => (
          <WallTileView
            tile={tile}
            {...placement}
            localTimeZone={null}
            label={t('imager-label', { number: (tile.imager_id ?? 0) + 1 })}
          />
        )}
      />
      <MultiImagerControls imagerCount={tiles.length} live={isCameraUp(camera)} />
    </Stack>
  );
}
