import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorMessages } from '../../../api/apiError';
import { WALL_TOAST_MS } from '../page/constants';
import {
  type WallRotation,
  type WallRotationInput,
  useCreateRotationMutation,
  useDeleteRotationMutation,
  useUpdateRotationMutation,
} from '../rotationsApi';

export interface RotationActions {
  /** Creates (rotation null) or updates a rotation; true when saved. A refusal shows the server's errors in a toast. */
  save: (rotation: WallRotation | null, body: WallRotationInput) => Promise<boolean>;
  remove: (rotation: WallRotation) => Promise<boolean>;
  saving: boolean;
  deleting: boolean;
}

/** The rotation calls of a network with their toasts (spec 02 §8 "Rotation save errors shown as a toast"). */
export function useRotationActions(orgId: number, networkId: number): RotationActions {
  const { t } = useTranslation('walls');
  const [createRotation, createState] = useCreateRotationMutation();
  const [updateRotation, updateState] = useUpdateRotationMutation();
  const [deleteRotation, deleteState] = useDeleteRotationMutation();
  const toast = (message: string, color: 'green' | 'red', title?: string) =>
    notifications.show({ title, message, color, autoClose: WALL_TOAST_MS });

  const save = async (rotation: WallRotation | null, body: WallRotationInput) => {
    try {
      if (rotation) await updateRotation({ orgId, networkId, id: rotation.id, body }).unwrap();
      else await createRotation({ orgId, networkId, body }).unwrap();
      toast(t(rotation ? 'rotation-saved' : 'rotation-created', { name: body.name }), 'green');
      return true;
    } catch (error) {
      toast(errorMessages(error).join(' '), 'red', t('rotation-save-failed'));
      return false;
    }
  };

  const remove = async (rotation: WallRotation) => {
    try {
      await deleteRotation({ orgId, networkId, id: rotation.id }).unwrap();
      toast(t('rotation-deleted', { name: rotation.name }), 'green');
      return true;
    } catch (error) {
      toast(errorMessages(error).join(' '), 'red', t('rotation-delete-failed'));
      return false;
    }
  };

  return { save, remove, saving: createState.isLoading || updateState.isLoading, deleting: deleteState.isLoading };
}
