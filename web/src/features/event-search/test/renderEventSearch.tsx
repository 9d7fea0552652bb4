import { vi } from 'vitest';
import type { Camera } from '../../../api/types';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { server } from '../../../test/server';
import { signedInState } from '../../../test/state';
import { camerasHandler, makeCamera, NETWORK_ID } from '../../cameras/test/fixtures';
import { DEFAULT_PREFERENCES } from '../../preferences';
import { EventSearchPage } from '../components/EventSearchPage';

export const ZONE = 'America/Los_Angeles';
/** Noon on Thursday 6 March 2025 in the network's zone: "today" of the tests. */
export const NOW_MS = Date.UTC(2025, 2, 6, 20, 0, 0);
export const TODAY = '2025-03-06';

export const lobby = makeCamera(1001, { name: 'Lobby', channel: { id: 51001, snapshot_url: '/n1/cameras/1001/snapshot.jpg' } });
export const dock = makeCamera(1002, { name: 'Dock' });
export const fiveCameras: Camera[] = [lobby, dock, makeCamera(1003, { name: 'Yard' }), makeCamera(1004, { name: 'Gate' }), makeCamera(1005, { name: 'Roof' })];

/** UNIX seconds of a wall-clock time in the network's zone on a March 2025 day (PST, UTC−8). */
export function localS(day: number, hour: number, minute = 0): number {
  return Date.UTC(2025, 2, day, hour + 8, minute) / 1000;
}

/** Only Date is faked (to NOW_MS): timers, MSW and user events run as usual. */
export function freezeDate() {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW_MS });
}

/** The page at `/n/5/events{search}` with the network's cameras, 24-hour times. */
export function renderEventSearch(search = '', cameras: Camera[] = fiveCameras) {
  server.use(camerasHandler(cameras));
  return renderWithProviders(<EventSearchPage />, {
    route: `/n/${NETWORK_ID}/events${search}`,
    path: '/n/:networkId/events',
    preloadedState: { ...signedInState(), preferences: { ...DEFAULT_PREFERENCES, timeMode: 24 } },
  });
}
