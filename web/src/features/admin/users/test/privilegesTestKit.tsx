import { http } from 'msw';
import type { Camera, User } from '../../../../api/types';
import { adminUser } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { apiPath, json, server } from '../../../../test/server';
import { signedInState } from '../../../../test/state';
import { makeCamera } from '../../../cameras/test/fixtures';
import { PrivilegesPage } from '../privileges/PrivilegesPage';
import type { Privilege, PrivilegeInput, Rights } from '../privilegesApi';
import { NETWORK_ID } from './usersTestKit';

export const PRIVILEGES_PATH = '/api/v1/organizations/:orgId/admins/:adminId/privileges';
export const CAMERAS_PATH = '/n/:networkId/manage/vision/cameras';

export const LIVE_ONLY: Rights = { write: false, export: false, historical: false, live: true };

export function makePrivilege(id: number, overrides: Partial<Privilege> = {}): Privilege {
  return { id, scope: 'organization', network_id: null, camera_id: null, tag: null, rights: LIVE_ONLY, ...overrides };
}

/** Network 5 (Warehouse): Lobby and Dock; network 6 (Head Office): Gate. */
export const lobby = makeCamera(1, { name: 'Lobby' });
export const dock = makeCamera(2, { name: 'Dock' });
export const gate = makeCamera(3, { name: 'Gate', network_id: 6 });
export const CAMERAS_BY_NETWORK: Record<number, Camera[]> = { 5: [lobby, dock], 6: [gate], 7: [] };

/** Serves each network's cameras (`GET /n/{networkId}/manage/vision/cameras`); returns the networks asked, in order. */
export function serveNetworkCameras(byNetwork: Record<number, Camera[]> = CAMERAS_BY_NETWORK): number[] {
  const asked: number[] = [];
  server.use(
    http.get(apiPath(CAMERAS_PATH), ({ request }) => {
      const networkId = Number(/\/n\/(\d+)\/manage/.exec(new URL(request.url).pathname)?.[1]);
      asked.push(networkId);
      return json(byNetwork[networkId] ?? []);
    }),
  );
  return asked;
}

export interface PrivilegeRequests {
  gets: string[];
  puts: { url: string; body: { privileges: PrivilegeInput[] }; csrf: string | null }[];
}

/**
 * Serves one member's privileges: GET answers the list, PUT stores the body's list with new ids (from 900) and
 * answers it, as the server does. Returns the requests seen.
 */
export function servePrivileges(initial: Privilege[]): PrivilegeRequests {
  let list = initial;
  let nextId = 900;
  const requests: PrivilegeRequests = { gets: [], puts: [] };
  server.use(
    http.get(apiPath(PRIVILEGES_PATH), ({ request }) => {
      requests.gets.push(new URL(request.url).pathname);
      return json(list);
    }),
    http.put(apiPath(PRIVILEGES_PATH), async ({ request }) => {
      const body = (await request.json()) as { privileges: PrivilegeInput[] };
      requests.puts.push({ url: new URL(request.url).pathname, body, csrf: request.headers.get('X-CSRF-Token') });
      list = body.privileges.map((entry) => ({ ...entry, id: (nextId += 1) }));
      return json(list);
    }),
  );
  return requests;
}

/** The privileges page of member `userId` alone (network 5), for an org-write administrator by default. */
export function renderPrivilegesPage(userId: number, user: User = adminUser) {
  return renderWithProviders(<PrivilegesPage />, {
    route: `/n/${NETWORK_ID}/admin/users/${userId}/privileges`,
    path: '/n/:networkId/admin/users/:userId/privileges',
    preloadedState: signedInState(user),
  });
}
