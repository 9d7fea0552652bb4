import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { RootState } from '../../app/store';
import { adminUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { recordRequests } from '../../test/requestLog';
import { apiErrors, apiPath, json, loginMode, server } from '../../test/server';
import { signedOutState } from '../../test/state';
import { ExpiredPasswordForm } from './ExpiredPasswordForm';
import { WRONG_CURRENT_PASSWORD_TEXT } from './passwordApi';
import { captureChange } from './test/passwordServer';

const CURRENT = 'old password 2020';
const NEW_PASSWORD = 'lantern harbour 2031';

/** The sign-in made a session whose password has expired: no user in the store, `passwordExpired` set. */
function expiredState(): Partial<RootState> {
  const state = signedOutState();
  return { ...state, auth: { ...state.auth!, passwordExpired: true } };
}

function renderForm() {
  const onChanged = vi.fn();
  const onSessionGone = vi.fn();
  const rendered = renderWithProviders(
    <ExpiredPasswordForm returnTo="/n/5/cameras" onChanged={onChanged} onSessionGone={onSessionGone} />,
    { preloadedState: expiredState() },
  );
  return { ...rendered, onChanged, onSessionGone };
}

const current = () => screen.getByLabelText(/^Current password/);
const newPassword = () => screen.getByLabelText(/^New password/);
const confirmation = () => screen.getByLabelText(/^Confirm new password/);

async function fill(user: ReturnType<typeof renderWithProviders>['user'], values: [string, string, string]) {
  const [currentValue, password, confirm] = values;
  if (currentValue) await user.type(current(), currentValue);
  if (password) await user.type(newPassword(), password);
  if (confirm) await user.type(confirmation(), confirm);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ExpiredPasswordForm', () => {
  const requests = recordRequests();

  it('asks for the current password first, with the browser’s password-manager hints', () => {
    renderForm();
    expect(screen.getByRole('form', { name: 'Change your password' })).toBeInTheDocument();
    expect(current()).toHaveFocus();
    expect(current()).toHaveAttribute('autocomplete', 'current-password');
    expect(newPassword()).toHaveAttribute('autocomplete', 'new-password');
    expect(confirmation()).toHaveAttribute('autocomplete', 'new-password');
  });

  it('posts the current and new password, starts the session up and then calls onChanged', async () => {
    const bodies = captureChange(() => json({ success: true }));
    const { user, store, onChanged, onSessionGone } = renderForm();
    onChanged.mockImplementation(() => {
      // The start-up flow has finished when the form lets the page go on.
      expect(store.getState().auth.user?.id).toBe(adminUser.id);
      expect(store.getState().auth.networks).toHaveLength(3);
    });
    await fill(user, [CURRENT, NEW_PASSWORD, NEW_PASSWORD]);
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(bodies).toEqual([{ current_password: CURRENT, new_password: NEW_PASSWORD }]);
    expect(store.getState().auth.passwordExpired).toBe(false);
    expect(store.getState().app.status).toBe('ready');
    // An administrator's start-up looks up the shard of the network the user was going to.
    expect(requests.filter((request) => request.includes('/vision/shard_for_network'))).toEqual([
      'GET /n1/vision/shard_for_network?id=5',
    ]);
    expect(onSessionGone).not.toHaveBeenCalled();
  });

  it('shows a wrong current password at that field', async () => {
    captureChange(() => apiErrors([WRONG_CURRENT_PASSWORD_TEXT]));
    const { user, onChanged } = renderForm();
    await fill(user, ['not it at all', NEW_PASSWORD, NEW_PASSWORD]);
    expect(await screen.findByText(WRONG_CURRENT_PASSWORD_TEXT)).toBeInTheDocument();
    expect(current()).toHaveAttribute('aria-invalid', 'true');
    expect(current()).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Change password' })).toBeEnabled();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('shows a rule the server refuses at the new password', async () => {
    captureChange(() => apiErrors(['Do not use your e-mail address in your password.']));
    const { user } = renderForm();
    await fill(user, [CURRENT, 'ada@acme.test-2031', 'ada@acme.test-2031']);
    expect(await screen.findByText('Do not use your e-mail address in your password.')).toBeInTheDocument();
    expect(newPassword()).toHaveAttribute('aria-invalid', 'true');
    expect(newPassword()).toHaveFocus();
  });

  it('shows the throttle’s message', async () => {
    const text = 'Too many failed attempts. Please wait a moment and try again.';
    captureChange(() => apiErrors([text], 429));
    const { user, onChanged } = renderForm();
    await fill(user, [CURRENT, NEW_PASSWORD, NEW_PASSWORD]);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('a session that ended (401) calls onSessionGone and clears the expired state', async () => {
    captureChange(() => loginMode());
    const { user, store, onChanged, onSessionGone } = renderForm();
    await fill(user, [CURRENT, NEW_PASSWORD, NEW_PASSWORD]);
    await waitFor(() => expect(onSessionGone).toHaveBeenCalledTimes(1));
    expect(store.getState().auth.passwordExpired).toBe(false);
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('checks before sending: all three fields, the same password again, the length and the copy', async () => {
    const bodies = captureChange(() => json({ success: true }));
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('Enter your current password.')).toBeInTheDocument();
    expect(screen.getByText('Enter a new password.')).toBeInTheDocument();
    expect(current()).toHaveFocus();

    await fill(user, [CURRENT, CURRENT, CURRENT]);
    expect(screen.getByText('Choose a password different from your current one.')).toBeInTheDocument();
    expect(newPassword()).toHaveFocus();

    await user.clear(newPassword());
    await user.clear(confirmation());
    await fill(user, ['', 'too short', 'too short']);
    expect(screen.getByText('Use at least 12 characters.')).toBeInTheDocument();

    await user.clear(newPassword());
    await user.clear(confirmation());
    await fill(user, ['', NEW_PASSWORD, 'something else entirely']);
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
    expect(confirmation()).toHaveFocus();
    expect(bodies).toHaveLength(0);
  });

  it('shows the generic text when the answer has no message', async () => {
    server.use(http.post(apiPath('/vision/user/password'), () => new Response('upstream down', { status: 502 })));
    const { user } = renderForm();
    await fill(user, [CURRENT, NEW_PASSWORD, NEW_PASSWORD]);
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred. Please try again.');
  });
});
