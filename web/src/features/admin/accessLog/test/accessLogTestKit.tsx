import { http } from 'msw';
import type { User } from '../../../../api/types';
import { adminUser } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { apiPath, json, server } from '../../../../test/server';
import { signedInState } from '../../../../test/state';
import { makeCamera } from '../../../cameras/test/fixtures';
import { bea, carl, self, serveMembers } from '../../users/test/usersTestKit';
import { AccessLogPage } from '../AccessLogPage';
import type { AccessLogEntry, AccessLogPage as Page } from '../accessLogModel';

export const NETWORK_ID = 5;
export const PAGE_ROUTE = `/n/${NETWORK_ID}/admin/access-log`;
export const ACCESS_LOG_PATH = '/api/v1/organizations/:orgId/access_log';
export const CAMERAS_PATH = '/n/:networkId/manage/vision/cameras';

export const lobby = makeCamera(1, { name: 'Lobby' });
export const dock = makeCamera(2, { name: 'Dock' });

/** 2024-05-01 08:30:15 UTC. */
export const TIME_MS = Date.UTC(2024, 4, 1, 8, 30, 15);

export function makeEntry(id: number, overrides: Partial<AccessLogEntry> = {}): AccessLogEntry {
  return {
    id,
    time_ms: TIME_MS - id * 60_000,
    kind: 'sign_in',
    user: { id: bea.id, name: bea.name, email: bea.email },
    network_id: null,
    network_name: null,
    camera_id: null,
    camera_name: null,
    ip: '203.0.113.7',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0',
    detail: 'password',
    ...overrides,
  };
}

export function makePage(entries: AccessLogEntry[], overrides: Partial<Page> = {}): Page {
  return { entries, next_before_id: null, retained: entries.length, ...overrides };
}

/** The query strings of the access log requests seen, as objects (`{kinds: 'sign_in', limit: '100'}`). */
export type SeenQueries = Record<string, string>[];

/**
 * Answers `GET .../access_log` with `reply(query)` (a page, or a Response for errors) and records each request's query
 * and path.
 */
export function serveAccessLog(reply: (query: Record<string, string>) => Page | Response) {
  const queries: SeenQueries = [];
  const paths: string[] = [];
  server.use(
    http.get(apiPath(ACCESS_LOG_PATH), ({ request }) => {
      const url = new URL(request.url);
      const query = Object.fromEntries(url.searchParams);
      queries.push(query);
      paths.push(url.pathname);
      const answer = reply(query);
      return answer instanceof Response ? answer : json(answer);
    }),
  );
  return { queries, paths };
}

/** The members of the user filter and the cameras of network 5. */
export function serveFilterLists() {
  serveMembers([self, bea, carl]);
  server.use(
    http.get(apiPath(CAMERAS_PATH), ({ request }) =>
      json(new URL(request.url).pathname.includes(`/n/${NETWORK_ID}/`) ? [lobby, dock] : []),
    ),
  );
}

/** The page alone at `/n/5/admin/access-log` plus `search`, for an org-write administrator by default. */
export function renderAccessLogPage(search = '', user: User = adminUser) {
  serveFilterLists();
  return renderWithProviders(<AccessLogPage />, {
    route: `${PAGE_ROUTE}${search}`,
    preloadedState: signedInState(user),
  });
}
