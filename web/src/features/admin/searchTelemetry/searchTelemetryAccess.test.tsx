import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../../app/routes';
import { adminUser, permissionsFor, viewerUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { server } from '../../../test/server';
import { signedInState } from '../../../test/state';
import { contextWithRights } from '../test/adminTestKit';
import { makeSummary, QUIET, serveSummary } from './test/searchTelemetryTestKit';

const readOnlyAdmin = { ...adminUser, is_org_write_admin: false };
const TOTALS = { ...QUIET, searches: 5, users: 2, meanResultCount: 4, medianDurationMs: 300, p95DurationMs: 900 };

function renderRoute(route: string, state = signedInState(adminUser)) {
  return renderWithProviders(<AppRoutes />, { route, preloadedState: state });
}

describe('search telemetry page access', () => {
  it("org-write administrators get 'Search telemetry' in the user menu and the page (its own chunk)", async () => {
    server.use(contextWithRights({ write: true }));
    const requests = serveSummary(() => makeSummary(30, { 29: { searches: 5, users: 2 } }, { totals: TOTALS }));
    const { user } = renderRoute('/n/6/video-walls');
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    const item = await screen.findByRole('menuitem', { name: 'Search telemetry' });
    expect(item).toHaveAttribute('href', '/n/6/admin/search-telemetry');
    await user.click(item);
    expect(await screen.findByRole('heading', { name: 'Search telemetry', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Figures per day' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/n/6/admin/search-telemetry');
    expect(requests.map((request) => request.query)).toEqual([{ days: '30' }]);
  });

  it.each([
    ['administrators without the organization write right', readOnlyAdmin],
    ['viewers', viewerUser],
  ])('%s get the organization-write message, no request and no menu entry', async (_who, who) => {
    server.use(contextWithRights({ write: true }));
    const requests = serveSummary(() => makeSummary(30));
    const { user } = renderRoute('/n/6/admin/search-telemetry', signedInState(who, { '6': permissionsFor(6) }));
    expect(await screen.findByRole('heading', { name: 'Insufficient permissions' })).toBeInTheDocument();
    expect(screen.getByText('You need the organization write right to manage users.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Send feedback' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Search telemetry' })).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });
});
