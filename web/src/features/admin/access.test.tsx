import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../app/routes';
import { adminUser, permissionsFor, viewerUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { server } from '../../test/server';
import { signedInState } from '../../test/state';
import { ManageCamerasButton } from './ManageCamerasButton';
import { contextWithRights, lobby, serveCameras } from './test/adminTestKit';

const viewerWithWrite = { '6': permissionsFor(6, { write: true }) };
const monitorOnlyAdmin = { ...adminUser, admin_permissions_hash: { '6': { is_monitor_only_admin: true } } };

function renderRoute(route: string, state = signedInState(adminUser)) {
  return renderWithProviders(<AppRoutes />, { route, preloadedState: state });
}

describe('camera management access', () => {
  it('administrators with the write right get the side-nav link and the page', async () => {
    server.use(contextWithRights({ write: true }));
    serveCameras([lobby]);
    const { user } = renderRoute('/n/6/video-walls');
    const link = await screen.findByRole('link', { name: 'Camera management' });
    expect(link).toHaveAttribute('href', '/n/6/admin/cameras');
    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'Camera management' })).toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: 'Lobby' })).toBeInTheDocument();
  });

  it('administrators without the write right get neither the link nor the page', async () => {
    server.use(contextWithRights({ write: false }));
    renderRoute('/n/6/admin/cameras');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Video walls' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Camera management' })).not.toBeInTheDocument();
  });

  it('viewers never get camera management, even with the write right', () => {
    renderRoute('/n/6/admin/cameras', signedInState(viewerUser, viewerWithWrite));
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cameras' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Camera management' })).not.toBeInTheDocument();
  });

  it('monitor-only administrators get the insufficient-permissions screen and no link', async () => {
    server.use(contextWithRights({ write: true, is_monitor_only_admin: true }));
    renderRoute('/n/6/admin/cameras', signedInState(monitorOnlyAdmin));
    expect(await screen.findByRole('heading', { name: 'Insufficient permissions' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Camera management' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Camera management' })).not.toBeInTheDocument();
  });

  it("the camera page's 'Manage cameras' button follows the same rule", () => {
    renderWithProviders(<ManageCamerasButton />, {
      route: '/n/6/cameras/1',
      preloadedState: signedInState(adminUser, viewerWithWrite),
    });
    expect(screen.getByRole('link', { name: 'Manage cameras' })).toHaveAttribute('href', '/n/6/admin/cameras');
  });

  it.each([
    ['viewers', signedInState(viewerUser, viewerWithWrite)],
    ['administrators without write', signedInState(adminUser, { '6': permissionsFor(6) })],
  ])("%s get no 'Manage cameras' button", (_who, state) => {
    renderWithProviders(<ManageCamerasButton />, { route: '/n/6/cameras/1', preloadedState: state });
    expect(screen.queryByRole('link', { name: 'Manage cameras' })).not.toBeInTheDocument();
  });
});
