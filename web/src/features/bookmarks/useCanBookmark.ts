import type { Camera } from '../../api/types';
import { useNfo } from '../auth/hooks';
import { INVESTIGATION_FLAG } from './constants';

/**
 * Whether the camera page offers bookmarks for the camera (spec 02 §2, spec 03 §6): the flag has_camera_investigation
 * on for the camera's network and the historical right on the camera (no permission data counts as the right, as for
 * the viewer's recorded video and motion search). Part of the camera page's own code: keep it small.
 */
export function useCanBookmark(camera: Camera): boolean {
  const flagOn = useNfo(INVESTIGATION_FLAG, camera.network_id);
  return flagOn && camera.permissions?.historical !== false;
}
