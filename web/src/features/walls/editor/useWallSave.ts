import { notifications } from '@mantine/notifications';
import { type Dispatch, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_TILES } from '../model/grid';
import { type LocalWall, wallRenamed, wallSaveFailed } from '../model/localWalls';
import { useCreateWallMutation, useUpdateWallMutation } from '../wallsApi';
import { WALL_EDITOR_TOAST_MS } from './constants';
import type { EditorAction } from './editorState';
import { useDeleteWall } from './useDeleteWall';
import { showWallFailure, showWallSuccess } from './wallToasts';

export interface WallSaveActions {
  /** A new wall: creates it with this name. A saved wall: updates its name and tiles. True when it was saved. */
  save: (name: string) => Promise<boolean>;
  /** A saved wall's new name only (PUT without tiles). */
  rename: (name: string) => Promise<boolean>;
  remove: () => Promise<boolean>;
  saving: boolean;
  renaming: boolean;
  deleting: boolean;
}

/**
 * The server side of the editor (spec 02 §4 "Wall save", §8): create, update, rename and delete with their toasts
 * (6 s, §9). A failure keeps the editor's state and stores the server's messages on the wall (`wallSaveFailed`).
 */
export function useWallSave(
  networkId: number,
  wall: LocalWall,
  isNew: boolean,
  dispatch: Dispatch<EditorAction>,
  { onDone, onDeleted }: { onDone: (savedWallId?: number) => void; onDeleted: () => void },
): WallSaveActions {
  const { t } = useTranslation('wallEditor');
  const [createWall, createState] = useCreateWallMutation();
  const [updateWall, updateState] = useUpdateWallMutation();
  const deleter = useDeleteWall(networkId);
  const [renaming, setRenaming] = useState(false);

  const failed = (error: unknown) => showWallFailure(t('unable-to-complete'), error);
  const succeeded = showWallSuccess;

  const save = async (name: string) => {
    if (wall.tiles.length > MAX_TILES) {
      notifications.show({
        message: t('save-wall-error-message', { max: MAX_TILES }),
        color: 'red',
        autoClose: WALL_EDITOR_TOAST_MS,
      });
      return false;
    }
    if (name !== wall.name) dispatch(wallRenamed({ wallId: wall.id, name }));
    try {
      if (isNew) {
        const created = await createWall({ networkId, name, tiles: wall.tiles }).unwrap();
        succeeded(t('wall-created', { name }));
        onDone(created.id);
      } else {
        await updateWall({ networkId, id: wall.id, name, tiles: wall.tiles }).unwrap();
        succeeded(t('wall-saved', { name }));
        onDone();
      }
      return true;
    } catch (error) {
      dispatch(wallSaveFailed({ wallId: wall.id, errors: failed(error) }));
      return false;
    }
  };

  const rename = async (name: string) => {
    setRenaming(true);
    try {
      await updateWall({ networkId, id: wall.id, name }).unwrap();
      dispatch(wallRenamed({ wallId: wall.id, name }));
      succeeded(t('wall-renamed', { name }));
      return true;
    } catch (error) {
      failed(error);
      return false;
    } finally {
      setRenaming(false);
    }
  };

  const remove = async () => {
    const deleted = await deleter.remove(wall);
    if (deleted) onDeleted();
    return deleted;
  };

  return {
    save,
    rename,
    remove,
    saving: createState.isLoading || updateState.isLoading,
    renaming,
    deleting: deleter.deleting,
  };
}
