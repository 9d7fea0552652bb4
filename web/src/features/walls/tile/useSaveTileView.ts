import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessages } from '../../../api/apiError';
import type { DewarpView } from '../../dewarp';
import { useCanEditWalls } from '../page/wallEditing';
import { wallDisplayName } from '../wallModel';
import { useUpdateWallMutation, type VideoWall, type WallTile } from '../wallsApi';
import { TILE_VIEW_TOAST_MS } from './constants';
import { tilesWithView } from './tileViewModel';

/** Saves one tile's view on the wall; resolves true once the server took it. */
export type SaveTileView = (tile: WallTile, view: DewarpView | null) => Promise<boolean>;

/**
 * 'Save view on wall' (spec 02 §3 "Wall tile": a present phi is a dewarped view): a PUT of the wall with every tile as
 * it is stored except this tile's phi/theta/fov (null for the raw picture), since a PUT replaces every tile. The
 * mutation invalidates the network's wall list, whose refetch then carries the saved view (with new tile ids). Only
 * for users who may edit walls (`useCanEditWalls`, what the server checks); undefined for the others, whose view
 * changes last for the session. Toasts: 6 s; a refusal shows the server's errors and leaves the tile's view as it is.
 */
export function useSaveTileView(wall: VideoWall, networkId: number): SaveTileView | undefined {
  const { t } = useTranslation('walls');
  const canEdit = useCanEditWalls(networkId);
  const [updateWall] = useUpdateWallMutation();
  const save = useCallback<SaveTileView>(
    async (tile, view) => {
      try {
        await updateWall({ networkId, id: wall.id, name: wall.name, tiles: tilesWithView(wall.tiles, tile.id, view) }).unwrap();
        notifications.show({
          message: t('tile-view-saved', { wall: wallDisplayName(wall, t('untitled-wall')) }),
          color: 'green',
          autoClose: TILE_VIEW_TOAST_MS,
        });
        return true;
      } catch (error) {
        notifications.show({
          title: t('unable-to-complete'),
          message: errorMessages(error).join(' '),
          color: 'red',
          autoClose: TILE_VIEW_TOAST_MS,
        });
        return false;
      }
    },
    [networkId, wall, updateWall, t],
  );
  return canEdit ? save : undefined;
}
