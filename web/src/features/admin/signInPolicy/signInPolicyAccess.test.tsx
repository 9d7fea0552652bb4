import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../../app/routes';
import { adminUser, permissionsFor, viewerUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { server } from '../../../test/server';
import { signedInState } from '../../../test/state';
import { UserMenu } from '../../shell/UserMenu';
import { contextWithRights } from '../test/adminTestKit';
import { makePolicy, servePolicy } from './test/signInPolicyTestKit';

const readOnlyAdmin = { ...adminUser, is_org_write_admin: false };

function renderRoute(route: string, state = signedInState(adminUser)) {
  return renderWithProviders(<AppRoutes />, { route, preloadedState: state });
}

describe('sign-in policy access', () => {
  it("org-write administrators get 'Sign-in policy' in the user menu and the page (its own chunk)", async () => {
    server.use(contextWithRights({ write: true }));
    servePolicy(makePolicy());
    const { user } = renderRoute('/n/6/video-walls');
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Access log' })).toBeInTheDocument();
    const item = screen.getByRole('menuitem', { name: 'Sign-in policy' });
    expect(item).toHaveAttribute('href', '/n/6/admin/sign-in-policy');
    await user.click(item);
    expect(await screen.findByRole('heading', { name: 'Sign-in policy' })).toBeInTheDocument();
    expect(await screen.findByRole('switch', { name: 'Passwords expire' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/n/6/admin/sign-in-policy');
  });

  it.each([
    ['administrators without the organization write right', readOnlyAdmin],
    ['viewers', viewerUser],
  ])('%s get the organization-write message, no request and no menu entry', async (_who, who) => {
    server.use(contextWithRights({ write: true }));
    const { gets } = servePolicy(makePolicy());
    const { user } = renderRoute('/n/6/admin/sign-in-policy', signedInState(who, { '6': permissionsFor(6) }));
    expect(await screen.findByRole('heading', { name: 'Insufficient permissions' })).toBeInTheDocument();
    expect(screen.getByText('You need the organization write right to manage users.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sign-in policy' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Sign-in policy' })).not.toBeInTheDocument();
    expect(gets).toHaveLength(0);
  });

  it('outside a network the menu entry opens the page in the first network', async () => {
    const { user } = renderWithProviders(<UserMenu />, {
      route: '/overview',
      preloadedState: signedInState(adminUser),
    });
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    const item = await screen.findByRole('menuitem', { name: 'Sign-in policy' });
    expect(item).toHaveAttribute('href', '/n/5/admin/sign-in-policy');
  });
});
