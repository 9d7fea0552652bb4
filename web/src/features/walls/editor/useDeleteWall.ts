import { useTranslation } from 'react-i18next';
import { type VideoWall, useDeleteWallMutation } from '../wallsApi';
import { showWallFailure, showWallSuccess } from './wallToasts';

export interface DeleteWall {
  /** Deletes the wall with the toasts 'Wall deleted' / 'Unable to complete action'; true when it was deleted. */
  remove: (wall: Pick<VideoWall, 'id' | 'name'>) => Promise<boolean>;
  deleting: boolean;
}

/** The delete of the wall editor and of the camera list's wall menu (spec 02 §4, 01 §2). */
export function useDeleteWall(networkId: number): DeleteWall {
  const { t } = useTranslation('wallEditor');
  const [deleteWall, { isLoading }] = useDeleteWallMutation();
  const remove = async (wall: Pick<VideoWall, 'id' | 'name'>) => {
    try {
      await deleteWall({ networkId, id: wall.id }).unwrap();
      showWallSuccess(t('wall-deleted', { name: wall.name }));
      return true;
    } catch (error) {
      showWallFailure(t('unable-to-complete'), error);
      return false;
    }
  };
  return { remove, deleting: isLoading };
}
