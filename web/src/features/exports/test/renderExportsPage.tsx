import { vi } from 'vitest';
import type { RootState } from '../../../app/store';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { DEFAULT_PREFERENCES } from '../../preferences';
import { ExportsPage } from '../page/ExportsPage';
import { exportsState, NETWORK_ID, NOW_MS } from './exportFixtures';

/** Only Date is faked (to NOW_MS), and `setInterval` too with `intervals`: MSW, timeouts and user events run as usual. */
export function freezeDate(intervals = false) {
  vi.useFakeTimers({ toFake: intervals ? ['Date', 'setInterval', 'clearInterval'] : ['Date'], now: NOW_MS });
}

/** The page at `route` (default `/n/5/exports`) mounted as app/routes.tsx mounts it, 24-hour times. */
export function renderExportsPage(route = `/n/${NETWORK_ID}/exports`, state: Partial<RootState> = exportsState()) {
  return renderWithProviders(<ExportsPage />, {
    route,
    path: '/n/:networkId/exports/:jobId?',
    preloadedState: { ...state, preferences: { ...DEFAULT_PREFERENCES, timeMode: 24 } },
  });
}
