import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminUser, networks, permissionsFor, viewerUser } from '../test/fixtures';
import { renderWithProviders } from '../test/renderWithProviders';
import { apiPath, json, server } from '../test/server';
import { signedInState, signedOutState } from '../test/state';
import { job, startHandler, thumbnailTracksHandler } from '../features/similarity-search/test/similarityFixtures';
import { fakeBootPreviewLayer } from '../features/viewer/bootPreview/testLayer';
import { AppRoutes } from './routes';

const viewerPermissions = { '5': permissionsFor(5, { export: false, events: false }), '6': permissionsFor(6) };

function renderRoute(route: string, state = signedInState(viewerUser, viewerPermissions)) {
  return renderWithProviders(<AppRoutes />, { route, preloadedState: state });
}

const location = () => screen.getByTestId('location');

describe('routes', () => {
  it('/ redirects to /n, which asks to select a network', async () => {
    renderRoute('/');
    expect(location()).toHaveTextContent(/^\/n$/);
    expect(screen.getByRole('heading', { name: 'Select a network' })).toBeInTheDocument();
  });

  it('/n with exactly one network goes to that network’s cameras', async () => {
    const state = signedInState(viewerUser, viewerPermissions);
    renderRoute('/n', { ...state, auth: { ...state.auth!, networks: [networks[1]] } });
    await waitFor(() => expect(location()).toHaveTextContent('/n/6/cameras'));
  });

  it('entering a network moves the base path to the shard that serves it', async () => {
    const state = signedInState(viewerUser, viewerPermissions);
    const onShardTwo = { ...networks[1], shard_id: 2 };
    const { store } = renderRoute('/n/6/cameras', {
      ...state,
      auth: { ...state.auth!, networks: [networks[0], onShardTwo] },
    });
    await waitFor(() => expect(store.getState().app.shardId).toBe(2));
  });

  it('a network root redirects to its cameras', async () => {
    renderRoute('/n/6');
    await waitFor(() => expect(location()).toHaveTextContent('/n/6/cameras'));
  });

  it.each(['/n/abc', '/n/5x/cameras', '/n/999/cameras'])('%s (not digits or unknown) redirects to /n', async (route) => {
    renderRoute(route);
    await waitFor(() => expect(location()).toHaveTextContent(/^\/n$/));
  });

  it('unknown paths show Page not found with a way home', async () => {
    const { user } = renderRoute('/no/such/page');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to homepage' }));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/n$/));
  });

  it('unknown paths inside a network show Page not found too', () => {
    renderRoute('/n/6/nothing-here');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('exports and events need their permission', () => {
    renderRoute('/n/5/exports/list');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Exports' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Events' })).not.toBeInTheDocument();
  });

  it('with the permission, events show the event search page; exports and video walls are linked', async () => {
    renderRoute('/n/6/events');
    expect(await screen.findByRole('heading', { name: 'Select cameras to search' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Exports' })).toHaveAttribute('href', '/n/6/exports');
    expect(screen.getByRole('link', { name: 'Video walls' })).toHaveAttribute('href', '/n/6/video-walls');
  });

  it('exports open the exports page (its own chunk) from the side navigation', async () => {
    server.use(http.get(apiPath('/n/:networkId/manage/dashboard/job_data'), () => json({ jobs: [], __total_count: 0 })));
    const { user } = renderRoute('/n/6/events');
    await user.click(await screen.findByRole('link', { name: 'Exports' }));
    expect(await screen.findByRole('heading', { name: 'No exports yet' }, { timeout: 5000 })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/n\/6\/exports$/);
    expect(screen.queryByText('This area is coming soon.')).not.toBeInTheDocument();
  });

  it('video walls open the wall page (its own chunk); without walls the empty state', async () => {
    const { user } = renderRoute('/n/6/events');
    await user.click(await screen.findByRole('link', { name: 'Video walls' }));
    expect(await screen.findByText('No video walls yet', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/n\/6\/video-walls$/);
    expect(screen.queryByText('This area is coming soon.')).not.toBeInTheDocument();
  });

  it('similarity search takes serial, track and time (its own chunk, behind the events permission)', async () => {
    server.use(startHandler(() => job([])), thumbnailTracksHandler([]));
    renderRoute('/n/6/similarity-search/Q2AB/12/1700000000');
    expect(await screen.findByText('Person of Interest', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText('No similar results')).toBeInTheDocument();
  });

  it('similarity search without the events permission shows Page not found', () => {
    renderRoute('/n/5/similarity-search/Q2AB/12/1700000000');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('a similarity-search path whose time is not whole seconds redirects to events', async () => {
    renderRoute('/n/6/similarity-search/Q2AB/12/noon');
    await waitFor(() => expect(location()).toHaveTextContent('/n/6/events'), { timeout: 5000 });
  });

  it('an incomplete similarity-search path redirects to events', async () => {
    renderRoute('/n/6/similarity-search/Q2AB');
    await waitFor(() => expect(location()).toHaveTextContent('/n/6/events'));
  });

  it('unauthenticated users go to /login', async () => {
    const state = signedInState(viewerUser);
    renderRoute('/n/6/events', { ...state, auth: { ...state.auth!, user: null } });
    await waitFor(() => expect(location()).toHaveTextContent(/^\/login$/));
  });

  it('/login/reset-password (the e-mailed link) is its own page outside the shell, without a session', async () => {
    renderRoute('/login/reset-password?token=tok-1', signedOutState());
    expect(await screen.findByRole('heading', { name: 'Choose a new password' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/login/reset-password?token=tok-1');
    expect(screen.queryByRole('button', { name: 'User menu' })).not.toBeInTheDocument();
  });

  it('monitor-only administrators see the insufficient-permissions screen and no section links', async () => {
    const monitorOnly = { ...adminUser, admin_permissions_hash: { '6': { is_monitor_only_admin: true } } };
    renderRoute('/n/6/cameras', signedInState(monitorOnly));
    expect(screen.getByRole('heading', { name: 'Insufficient permissions' })).toBeInTheDocument();
    expect(
      screen.getByText('You do not have the appropriate permissions to view cameras...'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Cameras' })).not.toBeInTheDocument();
  });

  it('the insufficient-permissions screen takes a boot preview of the camera away at once', () => {
    const layer = fakeBootPreviewLayer();
    try {
      const monitorOnly = { ...adminUser, admin_permissions_hash: { '6': { is_monitor_only_admin: true } } };
      renderRoute('/n/6/cameras/61', signedInState(monitorOnly));
      expect(screen.getByRole('heading', { name: 'Insufficient permissions' })).toBeInTheDocument();
      expect(layer.released()).toBe(1);
    } finally {
      layer.element.remove();
    }
  });

  it('administrators see a spinner until the network context arrives, then the back-to-dashboard link', async () => {
    const { store } = renderRoute('/n/6/video-walls', signedInState(adminUser));
    expect(screen.getByLabelText('Loading network')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No video walls yet' }, { timeout: 5000 })).toBeInTheDocument();
    expect(store.getState().auth.permissions['6'].export).toBe(true);
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute(
      'href',
      'https://manage.argus.test/dashboard',
    );
  });

  it('fullPage=true hides the header and side navigation', () => {
    const state = signedInState(viewerUser, viewerPermissions);
    renderRoute('/n/6/events', { ...state, app: { ...state.app!, fullPage: true } });
    expect(screen.queryByRole('button', { name: 'User menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Cameras' })).not.toBeInTheDocument();
  });
});
