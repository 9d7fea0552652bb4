import { http, HttpResponse } from 'msw';
import type { Camera, User } from '../../../api/types';
import type { RootState } from '../../../app/store';
import { adminUser, nfos, permissionsFor } from '../../../test/fixtures';
import { apiErrors, apiPath, json, server } from '../../../test/server';
import { signedInState } from '../../../test/state';
import { makeCamera, NETWORK_ID } from '../../cameras/test/fixtures';
import { INVESTIGATION_FLAG } from '../constants';
import type { Bookmark, BookmarksPage } from '../types';

export const listPath = apiPath('/api/v1/organizations/:orgId/camera/video/bookmarks');
export const createPath = apiPath('/api/v1/devices/:serial/camera/video/bookmarks');
export const deletePath = apiPath('/api/v1/devices/:serial/camera/video/bookmarks/:id');

/** The camera of the tests: org 10, serial Q2XX-0000-2, historical right. */
export const yard: Camera = makeCamera(2, { name: 'Yard' });

/** 2025-03-06 20:00:00 UTC (noon in Los Angeles, the network's zone). */
export const NOW_MS = Date.UTC(2025, 2, 6, 20, 0, 0);
export const MINUTE_MS = 60_000;

export function makeBookmark(id: number, startMs: number, overrides: Partial<Bookmark> = {}): Bookmark {
  return {
    id,
    serial: yard.serial,
    cameraId: yard.id,
    description: `Bookmark ${id}`,
    startTs: new Date(startMs).toISOString(),
    endTs: new Date(startMs + 10 * MINUTE_MS).toISOString(),
    createdAt: new Date(startMs + 20 * MINUTE_MS).toISOString(),
    userName: 'Ada Admin',
    userId: adminUser.id,
    ...overrides,
  };
}

export function page(items: Bookmark[], remaining = 0): BookmarksPage {
  return { items, meta: { counts: { items: { remaining } } } };
}

/** Signed in (an administrator unless `user`), the flag has_camera_investigation on unless `flag` is false. */
export function bookmarksState({ flag = true, user = adminUser }: { flag?: boolean; user?: User } = {}): Partial<RootState> {
  const flags = flag ? [...nfos, { feature: INVESTIGATION_FLAG, enabled: true, org_wide: true, network_ids: [] }] : nfos;
  const state = signedInState(user, { [NETWORK_ID]: permissionsFor(NETWORK_ID, { write: true }) });
  return { ...state, auth: { ...state.auth!, nfos: flags } };
}

/**
 * Answers the list calls from `bookmarks` (newest first) as the server pages them: `endingBefore` = bookmarks starting
 * before it (or at it with an id below `endingBeforeId`), `perPage` of them, and how many remain. Gives the query strings asked for.
 */
export function listServer(bookmarks: () => Bookmark[] | Response) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(listPath, ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      const all = bookmarks();
      if (all instanceof Response) return all;
      const before = params.get('endingBefore');
      const beforeId = params.get('endingBeforeId');
      const isOlder = (item: Bookmark) => {
        const difference = Date.parse(item.startTs) - Date.parse(before!);
        return difference < 0 || (difference === 0 && beforeId !== null && item.id < Number(beforeId));
      };
      const older = before === null ? all : all.filter(isOlder);
      const perPage = Number(params.get('perPage') ?? 30);
      return json(page(older.slice(0, perPage), Math.max(0, older.length - perPage)));
    }),
  );
  return queries;
}

export const listFailure = () => apiErrors(['boom'], 500);

/** Answers POST with the bookmark made of the body (id 900), or `failure`; gives the bodies sent. */
export function createServer(failure?: () => Response) {
  const bodies: Record<string, string>[] = [];
  server.use(
    http.post(createPath, async ({ request }) => {
      const body = (await request.json()) as Record<string, string>;
      bodies.push(body);
      if (failure) return failure();
      const created = makeBookmark(900, Date.parse(body.startTs), { description: body.description, endTs: body.endTs });
      return json(created, 201);
    }),
  );
  return bodies;
}

/** Answers DELETE with 204; gives the ids deleted. */
export function deleteServer() {
  const ids: number[] = [];
  server.use(
    http.delete(deletePath, ({ request }) => {
      ids.push(Number(/bookmarks\/(\d+)/.exec(request.url)?.[1]));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return ids;
}
