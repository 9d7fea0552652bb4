import { vi } from 'vitest';
import type { Camera } from '../../../api/types';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { server } from '../../../test/server';
import { signedInState } from '../../../test/state';
import { camerasHandler, makeCamera, NETWORK_ID } from '../../cameras/test/fixtures';
import { SimilaritySearchPage } from '../components/SimilaritySearchPage';

export const ZONE = 'America/Los_Angeles';
/** Noon on Thursday 6 March 2025 in the network's zone (PST, UTC−8). */
export const NOW_MS = Date.UTC(2025, 2, 6, 20, 0, 0);

/** UTC ms of a wall-clock time in the network's zone on a March 2025 day. */
export function localMs(day: number, hour: number, minute = 0): number {
  return Date.UTC(2025, 2, day, hour + 8, minute);
}

export const lobby = makeCamera(1001, { name: 'Lobby' });
export const dock = makeCamera(1002, { name: 'Dock' });
export const vault = makeCamera(1003, {
  name: 'Vault',
  permissions: { write: false, export: false, historical: false, live: true },
});

/** Only Date is faked (to NOW_MS): timers, MSW and user events run as usual. */
export function freezeDate() {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW_MS });
}

/** The page at `/n/5/similarity-search{path}` (e.g. `/Q2XX-0000-1001/42/1741284000?threshold=92`), 12-hour times. */
export function renderSimilarity(path: string, cameras: Camera[] = [lobby, dock, vault]) {
  server.use(camerasHandler(cameras));
  return renderWithProviders(<SimilaritySearchPage />, {
    route: `/n/${NETWORK_ID}/similarity-search${path}`,
    path: '/n/:networkId/similarity-search/:serial/:trackId/:ts',
    preloadedState: signedInState(),
  });
}
