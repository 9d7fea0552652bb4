import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { bundle, viewerUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { recordRequests } from '../../test/requestLog';
import { apiErrors, apiPath, json, loginMode, server } from '../../test/server';

describe('start-up flow', () => {
  const requests = recordRequests();

  it('administrators: CSRF, user, shard of the path network, env, then nfos, shard features and networks', async () => {
    server.use(
      http.get(apiPath('/vision/shard_for_network'), () => json({ shard_id: 4 })),
      http.get(apiPath('/vision/networks/:id/context'), () => json({ shard_id: 4, permissions: { network_id: 5 } })),
    );
    const { store } = renderWithProviders(<App />, { route: '/n/5/cameras' });
    await waitFor(() => expect(store.getState().app.status).toBe('ready'));
    await waitFor(() => expect(store.getState().auth.networkContexts[5]).toBe('ready'));
    const entry = ['GET /n4/vision/networks/5/context', 'GET /n4/csrf/token'];
    const startup = requests.filter((request) => !entry.includes(request));
    expect(startup.slice(0, 4)).toEqual([
      'GET /n1/csrf/token',
      'GET /n1/vision/user',
      'GET /n1/vision/shard_for_network?id=5',
      'GET /n4/vision/env',
    ]);
    expect(startup.slice(4, 7).sort()).toEqual(['GET /n4/vision/networks', 'GET /n4/vision/nfos?id=10', 'GET /n4/vision/shard_features']);
    expect(store.getState().auth.networks).toHaveLength(3);
    // Entering the network of the address starts once its shard is known, beside the rest: context (shard), then a
    // fresh CSRF token; the network gate joins that entry instead of making a second one.
    const context = requests.indexOf(entry[0]);
    expect(context).toBe(requests.indexOf('GET /n1/vision/shard_for_network?id=5') + 1);
    expect(requests.indexOf(entry[1])).toBeGreaterThan(context);
    expect(await screen.findByTestId('location')).toHaveTextContent('/n/5/cameras');
    expect(requests.filter((request) => request.endsWith('/context'))).toHaveLength(1);
    expect(store.getState().auth.earlyEntry).toBeNull();
    expect(requests).not.toContain('GET /n1/vision/organizations/10/bundle');
  });

  it('the network gate joins only the start-up entry: a later visit to a network enters it again', async () => {
    function GoTo({ to }: { to: string }) {
      const navigate = useNavigate();
      return <button onClick={() => navigate(to)}>{to}</button>;
    }
    const { store, user } = renderWithProviders(
      <>
        <App />
        <GoTo to="/n/6/cameras" />
        <GoTo to="/n/5/cameras" />
      </>,
      { route: '/n/5/cameras' },
    );
    await waitFor(() => expect(store.getState().auth.networkContexts[5]).toBe('ready'));
    await waitFor(() => expect(store.getState().auth.earlyEntry).toBeNull());
    const contexts = () => requests.filter((request) => request.endsWith('/context'));
    expect(contexts()).toEqual(['GET /n1/vision/networks/5/context']);
    await user.click(screen.getByRole('button', { name: '/n/6/cameras' }));
    await waitFor(() => expect(store.getState().auth.networkContexts[6]).toBe('ready'));
    await user.click(screen.getByRole('button', { name: '/n/5/cameras' }));
    await waitFor(() => expect(contexts()).toHaveLength(3));
    expect(contexts()).toEqual([
      'GET /n1/vision/networks/5/context',
      'GET /n1/vision/networks/6/context',
      'GET /n1/vision/networks/5/context',
    ]);
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
