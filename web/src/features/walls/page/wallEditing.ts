import { useCanManageCameras } from '../../admin/useCanManageCameras';
import { useNfo } from '../../auth/hooks';
import { cameraAreaWallPath } from '../wallModel';

/** The wall id of the editor's route for a wall that does not exist yet. */
export const NEW_WALL_ID = 'new';

/** The wall editor: `/n/{networkId}/cameras/walls/{wallId}?edit=true` (spec 02 §2 "Wall routes"). */
export function wallEditorPath(networkId: number, wallId: number | typeof NEW_WALL_ID): string {
  return `${cameraAreaWallPath(networkId, wallId)}?edit=true`;
}

/**
 * Whether the user may create, edit, rename and delete walls of the network: the editor's feature flag
 * `has_camera_tetris` (spec 02 §6) and the network's write right for an administrator, which the server checks on
 * every wall write (docs/design/walls.md "Writing walls").
 */
export function useCanEditWalls(networkId: number): boolean {
  const flagOn = useNfo('has_camera_tetris', networkId);
  const writer = useCanManageCameras(networkId);
  return flagOn && writer;
}
