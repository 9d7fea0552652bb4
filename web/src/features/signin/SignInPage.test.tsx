import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../app/routes';
import type { LoginRequest } from '../../api/types';
import { adminUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { apiPath, json, loginMode, server } from '../../test/server';
import { signedOutState } from '../../test/state';

function renderSignIn(route = '/n/5/exports?range=today') {
  return renderWithProviders(<AppRoutes />, { route, preloadedState: signedOutState() });
}

function captureLogin(answer: () => Response) {
  const bodies: LoginRequest[] = [];
  server.use(
    http.post(apiPath('/login/login'), async ({ request }) => {
      bodies.push((await request.json()) as LoginRequest);
      return answer();
    }),
  );
  return bodies;
}

describe('SignInPage', () => {
  it('requires e-mail and password', async () => {
    const bodies = captureLogin(() => json({ success: true, user: adminUser }));
    const { user } = renderSignIn('/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('E-mail is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it('signs in with the remember flag and returns to the originating page', async () => {
    server.use(http.get(apiPath('/vision/user'), () => loginMode()));
    const bodies = captureLogin(() => {
      server.use(http.get(apiPath('/vision/user'), () => json(adminUser)));
      return json({ success: true, user: adminUser });
    });
    const { user, store } = renderSignIn();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/E-mail/), 'ada@acme.test');
    await user.type(screen.getByLabelText(/Password/), 'secret');
    await user.click(screen.getByLabelText('Remember me'));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/n/5/exports?range=today'));
    expect(bodies).toEqual([{ email: 'ada@acme.test', password: 'secret', remember: 1 }]);
    expect(store.getState().auth.user?.id).toBe(adminUser.id);
    expect(store.getState().auth.networks).toHaveLength(3);
  });

  it('fetches a new CSRF token after sign-in (the server renews it and rejects the old one)', async () => {
    let token = 'token-before-sign-in';
    server.use(http.get(apiPath('/csrf/token'), () => json({ csrf_token: token })));
    captureLogin(() => {
      token = 'token-of-the-new-session';
      return json({ success: true, user: adminUser });
    });
    const { user, store } = renderSignIn('/login');
    await user.type(await screen.findByLabelText(/E-mail/), 'ada@acme.test');
    await user.type(screen.getByLabelText(/Password/), 'secret{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/n$/));
    expect(store.getState().app.csrfToken).toBe('token-of-the-new-session');
  });

  it('goes to /n after sign-in without an origin, sending remember 0 by default', async () => {
    const bodies = captureLogin(() => json({ success: true, user: adminUser }));
    const { user } = renderSignIn('/login');
    await user.type(screen.getByLabelText(/E-mail/), 'ada@acme.test');
    await user.type(screen.getByLabelText(/Password/), 'secret{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/n$/));
    expect(bodies[0].remember).toBe(0);
  });

  it('shows the server message of a refused sign-in', async () => {
    captureLogin(() => json({ success: false, error: 'Invalid e-mail or password.' }, 401));
    const { user } = renderSignIn('/login');
    await user.type(screen.getByLabelText(/E-mail/), 'ada@acme.test');
    await user.type(screen.getByLabelText(/Password/), 'wrong{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid e-mail or password.');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('shows the generic text on a network failure', async () => {
    server.use(http.post(apiPath('/login/login'), () => Response.error()));
    const { user } = renderSignIn('/login');
    await user.type(screen.getByLabelText(/E-mail/), 'ada@acme.test');
    await user.type(screen.getByLabelText(/Password/), 'secret{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred. Please try again.');
  });

  it('shows the captcha notice after a captcha answer and keeps the form usable', async () => {
    const bodies = captureLogin(() => json({ success: false, mode: 'captcha', error: 'Too many attempts.' }, 429));
    const { user } = renderSignIn('/login');
    await user.type(screen.getByLabelText(/E-mail/), 'ada@acme.test');
    await user.type(screen.getByLabelText(/Password/), 'wrong{Enter}');
    expect(await screen.findByTestId('captcha-notice')).toBeInTheDocument();
    expect(screen.getByText('Too many attempts.')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Sign in' });
    expect(submit).toBeEnabled();
    await user.click(submit);
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1].captcha_shown).toBe(true);
  });

  it('shows the session-timeout notice', () => {
    renderSignIn('/login?sessionTimeout=true');
    expect(
      screen.getByText(
        'Your session expired after several minutes of inactivity as required by your network administrator.',
      ),
    ).toBeInTheDocument();
  });

  it('says forgot password and SSO are coming soon', async () => {
    const { user } = renderSignIn('/login');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('status')).toHaveTextContent('This option is coming soon.');
    expect(screen.getByRole('button', { name: 'Sign in with SSO' })).toBeInTheDocument();
  });
});
