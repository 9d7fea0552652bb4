import { http } from 'msw';
import { vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { apiPath, json, server } from '../../../test/server';
import { signedInState } from '../../../test/state';
import type { GlobalSearchResults } from '../globalSearchApi';
import { GlobalSearchDialog } from '../GlobalSearchDialog';

export const SEARCH_PATH = '/vision/search';

export const NOTHING: GlobalSearchResults = { camera: [], video_wall: [], export_job: [] };

/** Two cameras, a wall and an export of the fixture networks (5 Warehouse, 6 Head Office). */
export const LOBBY_RESULTS: GlobalSearchResults = {
  camera: [
    {
      id: 11,
      name: 'Lobby',
      network_id: 5,
      network_name: 'Warehouse',
      serial: 'Q2AA-0001-LOBY',
      model: 'MV22',
      mac: '00:18:0a:00:00:11',
      tags: ['entrance', 'indoor'],
    },
    {
      id: 12,
      name: 'Lobby back door',
      network_id: 6,
      network_name: 'Head Office',
      serial: 'Q2AA-0002-BACK',
      model: 'MV72',
      mac: '00:18:0a:00:00:12',
      tags: [],
    },
  ],
  video_wall: [{ id: 3, name: 'Lobby wall', network_id: 6 }],
  export_job: [
    { id: 77, name: 'Lobby incident', network_id: 5, camera_name: 'Lobby', created_at: '2024-05-01T08:30:00Z' },
  ],
};

/**
 * Answers `GET /vision/search` with `reply(q)` (results, or a Response for errors) and records each request's query
 * (`{q: 'lob', limit: '5'}`).
 */
export function serveSearch(reply: (q: string) => GlobalSearchResults | Response = () => NOTHING) {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(apiPath(SEARCH_PATH), ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      queries.push(query);
      const answer = reply(query.q ?? '');
      return answer instanceof Response ? answer : json(answer);
    }),
  );
  return { queries };
}

/** The dialog alone, open, in network 5's camera area; `onClose` records closings. */
export function renderSearchDialog() {
  const onClose = vi.fn();
  const rendered = renderWithProviders(<GlobalSearchDialog opened onClose={onClose} />, {
    route: '/n/5/cameras/11',
    preloadedState: signedInState(),
  });
  return { ...rendered, onClose };
}
