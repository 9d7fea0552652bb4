import { http } from 'msw';
import type { Camera, CameraInput, NetworkPermissions, User } from '../../../api/types';
import { adminUser, networks, permissionsFor } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { apiPath, json, server } from '../../../test/server';
import { signedInState } from '../../../test/state';
import { makeCamera, NETWORK_ID } from '../../cameras/test/fixtures';
import { CameraManagementPage } from '../CameraManagementPage';

export { makeCamera, NETWORK_ID };

export const CAMERAS_PATH = '/n/:networkId/manage/vision/cameras';
export const CAMERA_PATH = '/n/:networkId/manage/vision/cameras/:cameraId';
export const SOURCE_PATH = '/n/:networkId/manage/vision/cameras/:cameraId/source';

export const lobby = makeCamera(1, { name: 'Lobby', model: 'MV22', tags: ['entrance', 'indoor'] });
export const dock = makeCamera(2, { name: 'Dock', model: 'MV72', status: 'offline' });

/** The network-context answer administrators get on entering a network, with the given rights. */
export function contextWithRights(overrides: Partial<NetworkPermissions>) {
  return http.get(apiPath('/vision/networks/:id/context'), ({ request }) => {
    const id = Number(/networks\/(\d+)\/context/.exec(request.url)?.[1]);
    const network = networks.find((n) => n.id === id) ?? networks[0];
    return json({ shard_id: 1, network, permissions: permissionsFor(id, overrides) });
  });
}

/** What a POST or PUT handler of `capture` received. */
export interface Captured {
  body?: CameraInput;
  csrf?: string | null;
  url?: string;
}

/** Answers `method` on `path` with `reply()` and records the request into `captured`. */
export function capture(method: 'post' | 'put', path: string, reply: () => Response, captured: Captured) {
  server.use(
    http[method](apiPath(path), async ({ request }) => {
      captured.body = (await request.json()) as CameraInput;
      captured.csrf = request.headers.get('X-CSRF-Token');
      captured.url = new URL(request.url).pathname;
      return reply();
    }),
  );
}

/** Serves `cameras` for the list and returns the array so handlers can change it. */
export function serveCameras(cameras: Camera[]): Camera[] {
  server.use(http.get(apiPath(CAMERAS_PATH), () => json(cameras)));
  return cameras;
}

/** The page alone, for a write administrator of network 5 whose context is loaded. */
export function renderCameraManagement(user: User = adminUser) {
  const state = signedInState(user, { [String(NETWORK_ID)]: permissionsFor(NETWORK_ID, { write: true }) });
  return renderWithProviders(<CameraManagementPage />, {
    route: `/n/${NETWORK_ID}/admin/cameras`,
    preloadedState: { ...state, auth: { ...state.auth!, networkContexts: { [String(NETWORK_ID)]: 'ready' } } },
  });
}
