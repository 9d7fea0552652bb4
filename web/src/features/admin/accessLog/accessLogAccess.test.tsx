import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../../app/routes';
import { adminUser, permissionsFor, viewerUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { server } from '../../../test/server';
import { signedInState } from '../../../test/state';
import { UserMenu } from '../../shell/UserMenu';
import { contextWithRights } from '../test/adminTestKit';
import { makeEntry, makePage, serveAccessLog, serveFilterLists } from './test/accessLogTestKit';

const readOnlyAdmin = { ...adminUser, is_org_write_admin: false };

function renderRoute(route: string, state = signedInState(adminUser)) {
  return renderWithProviders(<AppRoutes />, { route, preloadedState: state });
}

describe('access log access', () => {
  it("org-write administrators get 'Access log' in the user menu and the page (its own chunk)", async () => {
    server.use(contextWithRights({ write: true }));
    serveFilterLists();
    serveAccessLog(() => makePage([makeEntry(1)]));
    const { user } = renderRoute('/n/6/video-walls');
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Manage users' })).toBeInTheDocument();
    const item = screen.getByRole('menuitem', { name: 'Access log' });
    expect(item).toHaveAttribute('href', '/n/6/admin/access-log');
    await user.click(item);
    expect(await screen.findByRole('heading', { name: 'Access log' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Access log entries' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/n/6/admin/access-log');
  });

  it.each([
    ['administrators without the organization write right', readOnlyAdmin],
    ['viewers', viewerUser],
  ])('%s get the organization-write message, no request and no menu entry', async (_who, who) => {
    server.use(contextWithRights({ write: true }));
    const { queries } = serveAccessLog(() => makePage([]));
    const { user } = renderRoute('/n/6/admin/access-log', signedInState(who, { '6': permissionsFor(6) }));
    expect(await screen.findByRole('heading', { name: 'Insufficient permissions' })).toBeInTheDocument();
    expect(screen.getByText('You need the organization write right to manage users.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Access log' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Access log' })).not.toBeInTheDocument();
    expect(queries).toHaveLength(0);
  });

  it('outside a network the menu entry opens the page in the first network', async () => {
    const { user } = renderWithProviders(<UserMenu />, {
      route: '/overview',
      preloadedState: signedInState(adminUser),
    });
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    const item = await screen.findByRole('menuitem', { name: 'Access log' });
    expect(item).toHaveAttribute('href', '/n/5/admin/access-log');
  });
});
