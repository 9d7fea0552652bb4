import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../../app/routes';
import { adminUser, permissionsFor, viewerUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { server } from '../../../test/server';
import { signedInState } from '../../../test/state';
import { UserMenu } from '../../shell/UserMenu';
import { contextWithRights } from '../test/adminTestKit';
import { servePrivileges } from './test/privilegesTestKit';
import { bea, self, serveMembers } from './test/usersTestKit';

const readOnlyAdmin = { ...adminUser, is_org_write_admin: false };
const monitorOnlyAdmin = { ...adminUser, admin_permissions_hash: { '6': { is_monitor_only_admin: true } } };

function renderRoute(route: string, state = signedInState(adminUser)) {
  return renderWithProviders(<AppRoutes />, { route, preloadedState: state });
}

describe('user management access', () => {
  it("org-write administrators get 'Manage users' in the user menu and the page", async () => {
    server.use(contextWithRights({ write: true }));
    serveMembers([self, bea]);
    const { user } = renderRoute('/n/6/video-walls');
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    const item = await screen.findByRole('menuitem', { name: 'Manage users' });
    expect(item).toHaveAttribute('href', '/n/6/admin/users');
    await user.click(item);
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: 'Bea Boss' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/n/6/admin/users');
  });

  it("a member's row menu opens their privileges page (its own chunk)", async () => {
    server.use(contextWithRights({ write: true }));
    serveMembers([self, bea]);
    servePrivileges([]);
    const { user } = renderRoute('/n/6/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Actions for Bea Boss' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Privileges' }));
    expect(await screen.findByRole('heading', { name: 'Privileges of Bea Boss' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/n/6/admin/users/201/privileges');
    expect(await screen.findByText('No privileges: this member has every right on every network.')).toBeInTheDocument();
  });

  it.each([
    ['administrators without the organization write right', readOnlyAdmin],
    ['viewers', viewerUser],
  ])('%s get the organization-write message and no menu entry', async (_who, who) => {
    server.use(contextWithRights({ write: true }));
    const { user } = renderRoute('/n/6/admin/users', signedInState(who, { '6': permissionsFor(6) }));
    expect(await screen.findByRole('heading', { name: 'Insufficient permissions' })).toBeInTheDocument();
    expect(screen.getByText('You need the organization write right to manage users.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Users' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Manage users' })).not.toBeInTheDocument();
  });

  it('the privileges page is for org-write administrators only', async () => {
    server.use(contextWithRights({ write: true }));
    const requests = servePrivileges([]);
    renderRoute('/n/6/admin/users/201/privileges', signedInState(readOnlyAdmin));
    expect(await screen.findByText('You need the organization write right to manage users.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Privileges of/ })).not.toBeInTheDocument();
    expect(requests.gets).toHaveLength(0);
  });

  it('monitor-only administrators keep the insufficient-permissions screen of the network', async () => {
    server.use(contextWithRights({ write: true, is_monitor_only_admin: true }));
    renderRoute('/n/6/admin/users', signedInState(monitorOnlyAdmin));
    expect(await screen.findByRole('heading', { name: 'Insufficient permissions' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Users' })).not.toBeInTheDocument();
  });

  it('outside a network the menu entry opens the page in the first network', async () => {
    const { user } = renderWithProviders(<UserMenu />, {
      route: '/overview',
      preloadedState: signedInState(adminUser),
    });
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Manage users' })).toHaveAttribute('href', '/n/5/admin/users');
  });
});
