import type { Camera } from '../../../api/types';
import type { WallTile } from '../wallsApi';
import { templateToEditor } from './grid';
import { templateFor } from './templates';

/**
 * The tiles of the camera page's wall of a multi-imager camera (spec 02 §2 "Camera page"): one per imager, 0 …
 * `imager_count` - 1, at the cells of the template for that many tiles on the 28-column grid (2x2 for 4), each showing
 * the camera's channel with its `imager_id`. The ids are the imager ids: these tiles are never saved.
 */
export function imagerTiles(camera: Camera): WallTile[] {
  return templateFor(camera.imager_count).cells.map((cell, imagerId) => ({
    ...templateToEditor(cell),
    id: imagerId,
    video_layout_id: 0,
    video_channel_id: camera.channel.id,
    imager_id: imagerId,
    theta: null,
    phi: null,
    fov: null,
    camera,
  }));
}
