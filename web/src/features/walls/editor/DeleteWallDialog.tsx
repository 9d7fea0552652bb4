// The camera list's wall delete, a chunk of its own (../lazy.ts): the camera page loads it only when asked.
import '../wallTexts';
import type { VideoWall } from '../wallsApi';
import { DeleteWallModal } from './DeleteWallButton';
import { useDeleteWall } from './useDeleteWall';

export interface DeleteWallDialogProps {
  networkId: number;
  wall: Pick<VideoWall, 'id' | 'name'>;
  /** After Cancel, and once the call is over. */
  onClose: () => void;
  onDeleted: () => void;
}

/** The delete confirmation, open while mounted; Delete calls the server with the editor's toasts. */
export function DeleteWallDialog({ networkId, wall, onClose, onDeleted }: DeleteWallDialogProps) {
  const { remove, deleting } = useDeleteWall(networkId);
  const confirm = async () => {
    if (await remove(wall)) onDeleted();
    onClose();
  };
  return <DeleteWallModal opened deleting={deleting} onCancel={onClose} onConfirm={() => void confirm()} />;
}
