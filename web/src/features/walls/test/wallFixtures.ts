import { http } from 'msw';
import type { Camera } from '../../../api/types';
import { apiErrors, apiPath, json } from '../../../test/server';
import { makeCamera, NETWORK_ID } from '../../cameras/test/fixtures';
import type { VideoWall, WallTile } from '../wallsApi';

export { NETWORK_ID };
/** The organization of the test user (adminUser.org_id). */
export const ORG_ID = 10;

export const wallsPath = apiPath('/n/:networkId/manage/vision/walls');

let nextTileId = 1;

/** A tile of the 28-column grid showing `camera` (null: a tile the user may not see), imager 0 unless `imager_id`. */
export function makeTile(
  camera: Camera | null,
  cells: Partial<Pick<WallTile, 'x' | 'y' | 'w' | 'h' | 'phi' | 'imager_id'>> = {},
): WallTile {
  nextTileId += 1;
  return {
    id: nextTileId,
    x: 0,
    y: 0,
    w: 7,
    h: 7,
    video_layout_id: 0,
    video_channel_id: camera?.channel.id ?? 0,
    imager_id: null,
    theta: null,
    phi: null,
    fov: null,
    camera: camera as Camera,
    ...cells,
  };
}

export function makeWall(id: number, name: string, tiles: WallTile[] = [], overrides: Partial<VideoWall> = {}): VideoWall {
  return { id, name, network_id: NETWORK_ID, is_cross_network: false, tiles, ...overrides };
}

/** A camera with a sub-stream (the grid plays it). */
export function liveCamera(id: number, name: string, overrides: Partial<Camera> = {}): Camera {
  return makeCamera(id, {
    name,
    channel: {
      id: id * 10,
      snapshot_url: null,
      cloud_proxy_livestream_path: `/n1/cameras/${id}/live/main/`,
      local_lan_livestream_path: `/n1/cameras/${id}/live/sub/`,
    },
    ...overrides,
  });
}

export function wallsHandler(walls: VideoWall[]) {
  return http.get(wallsPath, () => json(walls));
}

export function wallsErrorHandler() {
  return http.get(wallsPath, () => apiErrors(['boom'], 500));
}
