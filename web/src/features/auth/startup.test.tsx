import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { bundle, viewerUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { recordRequests } from '../../test/requestLog';
import { apiErrors, apiPath, json, loginMode, server } from '../../test/server';

describe('start-up flow', () => {
  const requests = recordRequests();

  it('administrators: CSRF, user, shard of the path network, env, then nfos, shard features and networks', async () => {
    server.use(http.get(apiPath('/vision/shard_for_network'), () => json({ shard_id: 4 })));
    const { store } = renderWithProviders(<App />, { route: '/n/5/cameras' });
    await waitFor(() => expect(store.getState().app.status).toBe('ready'));
    expect(requests.slice(0, 4)).toEqual([
      'GET /n1/csrf/token',
      'GET /n1/vision/user',
      'GET /n1/vision/shard_for_network?id=5',
      'GET /n4/vision/env',
    ]);
    expect(requests.slice(4, 7).sort()).toEqual(['GET /n4/vision/networks', 'GET /n4/vision/nfos?id=10', 'GET /n4/vision/shard_features']);
    expect(store.getState().auth.networks).toHaveLength(3);
    // Entering the network: context (shard), then a fresh CSRF token.
    await waitFor(() => expect(store.getState().auth.networkContexts[5]).toBe('ready'));
    const context = requests.indexOf('GET /n4/vision/networks/5/context');
    expect(context).toBeGreaterThan(6);
    expect(requests.slice(context + 1)).toContain('GET /n1/csrf/token');
    expect(screen.getByTestId('location')).toHaveTextContent('/n/5/cameras');
    expect(requests).not.toContain('GET /n1/vision/organizations/10/bundle');
  });

  it('non-administrators: the organization bundle and the no-analytics flag', async () => {
    server.use(
      http.get(apiPath('/vision/user'), () => json(viewerUser)),
      http.get(apiPath('/vision/organizations/10/bundle'), () =>
        json({ ...bundle, shard_features: ['has_camera_no_analytics'] }),
      ),
    );
    const { store } = renderWithProviders(<App />, { route: '/n' });
    await waitFor(() => expect(store.getState().app.status).toBe('ready'));
    expect(requests).toEqual(['GET /n1/csrf/token', 'GET /n1/vision/user', 'GET /n1/vision/organizations/10/bundle']);
    const { app, auth } = store.getState();
    expect(app.env?.manage_url).toBe(bundle.env.manage_url);
    expect(app.noAnalytics).toBe(true);
    expect(auth.permissions['5'].export).toBe(true);
    expect(await screen.findByRole('heading', { name: 'Select a network' })).toBeInTheDocument();
  });

  it('non-administrators fall back to the administrator flow when the bundle fails', async () => {
    server.use(
      http.get(apiPath('/vision/user'), () => json(viewerUser)),
      http.get(apiPath('/vision/organizations/10/bundle'), () => apiErrors(['boom'], 500)),
    );
    const { store } = renderWithProviders(<App />, { route: '/n' });
    await waitFor(() => expect(store.getState().app.status).toBe('ready'));
    expect(requests).toContain('GET /n1/vision/env');
    expect(requests).toContain('GET /n1/vision/networks');
    expect(store.getState().auth.networks).toHaveLength(3);
  });

  it('login mode sends the user to the sign-in screen, keeping the origin', async () => {
    server.use(http.get(apiPath('/vision/user'), () => loginMode()));
    const { store } = renderWithProviders(<App />, { route: '/n/5/cameras?fullPage=true' });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
    expect(store.getState().auth.user).toBeNull();
    expect(requests).not.toContain('GET /n1/vision/env');
  });

  it('a password-expired answer shows the sign-in screen with the expiry notice', async () => {
    server.use(http.get(apiPath('/vision/user'), () => new HttpResponse('User password expired')));
    renderWithProviders(<App />, { route: '/n' });
    expect(await screen.findByText('Your password has expired. Please log in here to change it.')).toBeInTheDocument();
  });

  it('shows the loader while starting and the init-error screen with the stored errors on failure', async () => {
    server.use(http.get(apiPath('/vision/env'), () => apiErrors(['Environment unavailable'], 503)));
    renderWithProviders(<App />, { route: '/n' });
    expect(screen.getByText('Initializing...')).toBeInTheDocument();
    expect(await screen.findByText('Environment unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('a missing CSRF token stops the start-up', async () => {
    server.use(http.get(apiPath('/csrf/token'), () => json({ csrf_token: '' })));
    renderWithProviders(<App />, { route: '/n' });
    expect(await screen.findByText('Unable to retrieve token. Please try again.')).toBeInTheDocument();
  });

  it('switches the organization from the orgEid query on the shard of the shardId query', async () => {
    let body: unknown;
    server.use(
      http.put(apiPath('/vision/change_org'), async ({ request }) => {
        body = await request.json();
        return json({ success: true, organization: bundle.env.organization });
      }),
    );
    const { store } = renderWithProviders(<App />, { route: '/?orgEid=org-beta&orgId=11&shardId=2' });
    await waitFor(() => expect(store.getState().app.status).toBe('ready'));
    expect(requests.slice(0, 3)).toEqual(['GET /n2/csrf/token', 'GET /n2/vision/user', 'PUT /n2/vision/change_org']);
    expect(body).toEqual({ org_eid: 'org-beta' });
  });

  it('an unknown network in the address is not a start-up failure: the user lands on the network chooser', async () => {
    server.use(http.get(apiPath('/vision/shard_for_network'), () => apiErrors(['Network not found'], 404)));
    const { store } = renderWithProviders(<App />, { route: '/n/999999/cameras' });
    await waitFor(() => expect(store.getState().app.status).toBe('ready'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/n$/));
  });

  it('ignores a shardId query that is not digits only', async () => {
    const { store } = renderWithProviders(<App />, { route: '/n?shardId=2x' });
    await waitFor(() => expect(store.getState().app.status).toBe('ready'));
    expect(requests[0]).toBe('GET /n1/csrf/token');
  });
});
