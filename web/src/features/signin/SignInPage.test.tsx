import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminUser } from '../../test/fixtures';
import { apiErrors, apiPath, json, loginMode, server } from '../../test/server';
import { captureLogin, renderSignIn } from './test/renderSignIn';

const TWO_FACTOR_ANSWER = { success: false, mode: 'two_factor', error: null };

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

  it('opens forgot password with the e-mail typed so far, and back', async () => {
    const { user } = renderSignIn('/login');
    await user.type(screen.getByRole('textbox', { name: /E-mail/ }), 'ada@acme.test');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('button', { name: 'Send link' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /E-mail/ })).toHaveValue('ada@acme.test');
    await user.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toBeInTheDocument();
  });
});

describe('SignInPage two-factor step', () => {
  function captureVerify(answer: (code: string) => Response) {
    const codes: string[] = [];
    server.use(
      http.post(apiPath('/login/two_factor/verify'), async ({ request }) => {
        const { code } = (await request.json()) as { code: string };
        codes.push(code);
        return answer(code);
      }),
    );
    return codes;
  }

  async function reachTwoFactorStep(route = '/login') {
    captureLogin(() => json(TWO_FACTOR_ANSWER));
    const rendered = renderSignIn(route);
    await rendered.user.type(screen.getByLabelText(/E-mail/), 'ada@acme.test');
    await rendered.user.type(screen.getByLabelText(/Password/), 'secret{Enter}');
    await screen.findByRole('form', { name: 'Two-factor authentication' });
    return rendered;
  }

  it('asks for the 6-digit authenticator code after a two_factor answer', async () => {
    await reachTwoFactorStep();
    const code = screen.getByLabelText(/Authenticator code/);
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(screen.queryByLabelText(/Password/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeInTheDocument();
  });

  it('refuses an empty or a 5-digit code without a call', async () => {
    const codes = captureVerify(() => json({ success: true, user: adminUser }));
    const { user } = await reachTwoFactorStep();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Code is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Authenticator code/), '12345{Enter}');
    expect(screen.getByText('The authenticator code has 6 digits')).toBeInTheDocument();
    expect(codes).toHaveLength(0);
  });

  it('shows the server message of a wrong code and stays in the step', async () => {
    const codes = captureVerify(() =>
      json({ success: false, mode: 'two_factor', error: 'Incorrect code. Please try again.' }, 401),
    );
    const { user } = await reachTwoFactorStep();
    await user.type(screen.getByLabelText(/Authenticator code/), '000000{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect code. Please try again.');
    expect(codes).toEqual(['000000']);
    expect(screen.getByLabelText(/Authenticator code/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
  });

  it('goes back to the password form with the message when the sign-in expired, keeping the e-mail', async () => {
    captureVerify(() => json({ success: false, mode: null, error: 'Your sign-in expired. Please sign in again.' }, 401));
    const { user } = await reachTwoFactorStep();
    await user.type(screen.getByLabelText(/Authenticator code/), '123456{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your sign-in expired. Please sign in again.');
    expect(screen.getByLabelText(/E-mail/)).toHaveValue('ada@acme.test');
    expect(screen.getByLabelText(/Password/)).toHaveValue('');
    expect(screen.queryByLabelText(/Authenticator code/)).not.toBeInTheDocument();
  });

  it('signs in with a pasted code and returns to the originating page with the new session', async () => {
    let token = 'token-before-sign-in';
    server.use(
      http.get(apiPath('/csrf/token'), () => json({ csrf_token: token })),
      http.get(apiPath('/vision/user'), () => loginMode()),
    );
    const codes = captureVerify(() => {
      token = 'token-of-the-new-session';
      server.use(http.get(apiPath('/vision/user'), () => json(adminUser)));
      return json({ success: true, user: adminUser, csrf_token: token });
    });
    const { user, store } = await reachTwoFactorStep('/n/5/exports?range=today');
    await user.click(screen.getByLabelText(/Authenticator code/));
    await user.paste('123 456');
    expect(screen.getByLabelText(/Authenticator code/)).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/n/5/exports?range=today'));
    expect(codes).toEqual(['123456']);
    expect(store.getState().auth.user?.id).toBe(adminUser.id);
    expect(store.getState().app.csrfToken).toBe('token-of-the-new-session');
  });

  it('sends a recovery code entered instead of the authenticator code', async () => {
    const codes = captureVerify(() => json({ success: true, user: adminUser }));
    const { user } = await reachTwoFactorStep();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const field = screen.getByLabelText(/Recovery code/);
    expect(field).toHaveFocus();
    await user.type(field, 'abcd-efghi{Enter}');
    expect(screen.getByText('A recovery code looks like abcde-fghij')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'ABCDE-FGHIJ{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/n$/));
    expect(codes).toEqual(['abcde-fghij']);
  });

  it('shows the throttle notice and message on a captcha answer, staying in the step', async () => {
    captureVerify(() => json({ success: false, mode: 'captcha', error: 'Too many attempts.' }, 429));
    const { user } = await reachTwoFactorStep();
    await user.type(screen.getByLabelText(/Authenticator code/), '123456{Enter}');
    expect(await screen.findByTestId('captcha-notice')).toBeInTheDocument();
    expect(screen.getByText('Too many attempts.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Authenticator code/)).toBeInTheDocument();
  });

  it('shows the generic text when the verification fails otherwise', async () => {
    captureVerify(() => apiErrors(['code must be 6 digits or a recovery code'], 400));
    const { user } = await reachTwoFactorStep();
    await user.type(screen.getByLabelText(/Authenticator code/), '123456{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred. Please try again.');

    server.use(http.post(apiPath('/login/two_factor/verify'), () => Response.error()));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled());
    expect(screen.getByRole('alert')).toHaveTextContent('An unexpected error occurred. Please try again.');
  });

  it('goes back to the password form with Back to sign-in', async () => {
    const { user } = await reachTwoFactorStep();
    await user.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail/)).toHaveValue('ada@acme.test');
  });
});
