import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { LoginAnswer } from '../../api/types';
import { adminUser } from '../../test/fixtures';
import { apiErrors, apiPath, json, loginMode, server } from '../../test/server';
import { capturePost, captureLogin, renderSignIn } from './test/renderSignIn';

const EMAIL_ANSWER: LoginAnswer = {
  success: false,
  mode: 'one_time_password',
  error: null,
  code_destination: 'c•••@argus.demo',
};
const SMS_ANSWER: LoginAnswer = {
  success: false,
  mode: 'sms',
  error: null,
  code_destination: '•••• 0100',
  has_secondary_phone: true,
};
const EXPIRED = 'Your sign-in expired. Please sign in again.';

/** Signs in with a password that the server answers with `answer` (a code was sent); waits for the code step. */
async function reachCodeStep(answer: LoginAnswer, route = '/login') {
  captureLogin(() => json(answer));
  const rendered = renderSignIn(route);
  await rendered.user.type(await screen.findByLabelText(/E-mail/), 'casey@acme.test');
  await rendered.user.type(screen.getByLabelText(/Password/), 'secret{Enter}');
  await screen.findByRole('form', { name: answer.mode === 'sms' ? 'Check your phone' : 'Check your e-mail' });
  return rendered;
}

const codeField = () => screen.getByLabelText(/Verification code/);

describe('SignInPage e-mail code step (ONE_TIME_PASSWORD)', () => {
  it('says where the code went and signs in with a pasted code, back to the originating page', async () => {
    server.use(http.get(apiPath('/vision/user'), () => loginMode()));
    const bodies = capturePost<{ code: string }>('/login/do_otp_auth', () => {
      server.use(http.get(apiPath('/vision/user'), () => json(adminUser)));
      return json({ success: true, user: adminUser, csrf_token: 'csrf-2' });
    });
    const { user, store } = await reachCodeStep(EMAIL_ANSWER, '/n/5/exports?range=today');
    expect(screen.getByText(/We sent a 6-digit code to c•••@argus\.demo\./)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Password/)).not.toBeInTheDocument();
    expect(codeField()).toHaveFocus();
    expect(codeField()).toHaveAttribute('autocomplete', 'one-time-code');
    expect(codeField()).toHaveAttribute('inputmode', 'numeric');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();

    await user.paste('123 456');
    expect(codeField()).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/n/5/exports?range=today'));
    expect(bodies).toEqual([{ code: '123456' }]);
    expect(store.getState().auth.user?.id).toBe(adminUser.id);
  });

  it('checks for 6 digits before sending', async () => {
    const bodies = capturePost('/login/do_otp_auth', () => json({ success: true, user: adminUser }));
    const { user } = await reachCodeStep(EMAIL_ANSWER);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Code is required')).toBeInTheDocument();
    await user.type(codeField(), '12345{Enter}');
    expect(screen.getByText('The code has 6 digits')).toBeInTheDocument();
    await user.type(codeField(), 'x');
    expect(codeField()).toHaveValue('12345x');
    await user.keyboard('{Enter}');
    expect(screen.getByText('The code has 6 digits')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it("shows the server's message for a wrong code and stays in the step", async () => {
    const bodies = capturePost('/login/do_otp_auth', () =>
      json({ success: false, mode: 'one_time_password', error: 'Incorrect code. Please try again.' }, 401),
    );
    const { user } = await reachCodeStep(EMAIL_ANSWER);
    await user.type(codeField(), '000000{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect code. Please try again.');
    expect(bodies).toEqual([{ code: '000000' }]);
    expect(codeField()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
  });

  it('returns to the password form with the message when the sign-in expired, keeping the e-mail', async () => {
    capturePost('/login/do_otp_auth', () => json({ success: false, mode: null, error: EXPIRED }, 401));
    const { user } = await reachCodeStep(EMAIL_ANSWER);
    await user.type(codeField(), '123456{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(EXPIRED);
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail/)).toHaveValue('casey@acme.test');
    expect(screen.getByLabelText(/Password/)).toHaveValue('');
    expect(screen.queryByLabelText(/Verification code/)).not.toBeInTheDocument();
  });

  it('sends a new code and confirms where it went, with the field cleared and focused', async () => {
    const bodies = capturePost('/login/otp_auth_retry', () => json({ ...EMAIL_ANSWER }));
    const { user } = await reachCodeStep(EMAIL_ANSWER);
    await user.type(codeField(), '111');
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('status')).toHaveTextContent('A new code was sent to c•••@argus.demo.');
    expect(bodies).toEqual([{ retry: 'email' }]);
    expect(codeField()).toHaveValue('');
    expect(codeField()).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the wait message of a resend asked too soon, staying in the step', async () => {
    const wait = 'Please wait 27 seconds before asking for another code.';
    capturePost('/login/otp_auth_retry', () =>
      json({ success: false, mode: 'one_time_password', error: wait }, 429),
    );
    const { user } = await reachCodeStep(EMAIL_ANSWER);
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(wait);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(codeField()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeEnabled();
  });

  it('returns to the password form when too many codes were sent', async () => {
    const over = 'Too many codes were sent. Please sign in again.';
    capturePost('/login/otp_auth_retry', () => json({ success: false, mode: null, error: over }, 429));
    const { user } = await reachCodeStep(EMAIL_ANSWER);
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(over);
    expect(screen.getByLabelText(/E-mail/)).toHaveValue('casey@acme.test');
  });

  it('shows the generic text when the verification fails otherwise', async () => {
    server.use(http.post(apiPath('/login/do_otp_auth'), () => Response.error()));
    const { user } = await reachCodeStep(EMAIL_ANSWER);
    await user.type(codeField(), '123456{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred. Please try again.');
    expect(codeField()).toBeInTheDocument();
  });

  it('goes back to the password form with Back to sign-in', async () => {
    const { user } = await reachCodeStep(EMAIL_ANSWER);
    await user.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail/)).toHaveValue('casey@acme.test');
  });
});

describe('SignInPage text-message code step (SMS)', () => {
  it('sends a new code to the secondary phone when chosen, then signs in by SMS', async () => {
    const retries = capturePost('/login/sms_auth_retry', () => json({ ...SMS_ANSWER, code_destination: '•••• 0199' }));
    const codes = capturePost('/login/do_sms_auth', () => json({ success: true, user: adminUser }));
    const { user } = await reachCodeStep(SMS_ANSWER);
    expect(screen.getByText(/by text message to •••• 0100\./)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Primary phone' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Secondary phone' }));
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('status')).toHaveTextContent('A new code was sent to •••• 0199.');
    expect(retries).toEqual([{ retry: 'secondary' }]);
    expect(screen.getByText(/by text message to •••• 0199\./)).toBeInTheDocument();

    await user.type(codeField(), '654321{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/n$/));
    expect(codes).toEqual([{ code: '654321' }]);
  });

  it('offers no phone choice without a secondary phone and sends to the primary one', async () => {
    const retries = capturePost('/login/sms_auth_retry', () => json({ ...SMS_ANSWER, has_secondary_phone: undefined }));
    const { user } = await reachCodeStep({ ...SMS_ANSWER, has_secondary_phone: false });
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByText('Secondary phone')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('status')).toHaveTextContent('A new code was sent to •••• 0100.');
    expect(retries).toEqual([{ retry: 'primary' }]);
  });

  it("shows the server's message when no secondary phone is set", async () => {
    const missing = 'No secondary phone number is set for this account.';
    capturePost('/login/sms_auth_retry', () => apiErrors([missing], 400));
    const { user } = await reachCodeStep(SMS_ANSWER);
    await user.click(screen.getByRole('radio', { name: 'Secondary phone' }));
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(missing);
    expect(codeField()).toBeInTheDocument();
  });

  it('shows the throttle notice and message on a captcha answer, staying in the step', async () => {
    const throttled = { success: false, mode: 'captcha', error: 'Too many attempts.' };
    capturePost('/login/do_sms_auth', () => json(throttled, 429));
    const { user } = await reachCodeStep(SMS_ANSWER);
    await user.type(codeField(), '123456{Enter}');
    expect(await screen.findByTestId('captcha-notice')).toBeInTheDocument();
    expect(screen.getByText('Too many attempts.')).toBeInTheDocument();
    expect(codeField()).toBeInTheDocument();
  });
});

describe('SignInPage when the code cannot be sent', () => {
  it('stays on the password form with the message of a 503', async () => {
    const message = 'We could not send your code. Please try again in a few minutes.';
    captureLogin(() => json({ success: false, mode: null, error: message }, 503));
    const { user } = renderSignIn('/login');
    await user.type(await screen.findByLabelText(/E-mail/), 'casey@acme.test');
    await user.type(screen.getByLabelText(/Password/), 'secret{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.queryByLabelText(/Verification code/)).not.toBeInTheDocument();
  });
});
