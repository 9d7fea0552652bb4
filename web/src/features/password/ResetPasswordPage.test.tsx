import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../app/routes';
import { renderWithProviders } from '../../test/renderWithProviders';
import { apiErrors, apiPath, json, server } from '../../test/server';
import { signedOutState } from '../../test/state';
import { LINK_USED_TEXT } from './passwordApi';
import { captureReset, captureResetLink, RESET_LINK_SENT } from './test/passwordServer';

const NEW_PASSWORD = 'lantern harbour 2031';

async function renderResetPage(route = '/login/reset-password?token=tok-123') {
  const rendered = renderWithProviders(<AppRoutes />, { route, preloadedState: signedOutState() });
  await screen.findByRole('form', { name: 'Choose a new password' }, { timeout: 5000 });
  return rendered;
}

const newPassword = () => screen.getByLabelText(/^New password/);
const confirmation = () => screen.getByLabelText(/^Confirm new password/);

async function typePasswords(user: ReturnType<typeof renderWithProviders>['user'], password: string, confirm = password) {
  await user.type(newPassword(), password);
  await user.type(confirmation(), confirm);
  await user.click(screen.getByRole('button', { name: 'Set password' }));
}

describe('ResetPasswordPage', () => {
  it('sets the new password with the link’s token, then offers to sign in', async () => {
    const bodies = captureReset(() => json({ success: true }));
    const { user } = await renderResetPage();
    expect(newPassword()).toHaveFocus();
    expect(newPassword()).toHaveAttribute('autocomplete', 'new-password');
    expect(confirmation()).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByText(/Use 12 to 256 characters/)).toBeInTheDocument();
    await typePasswords(user, NEW_PASSWORD);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your password was changed. Sign in with your new password.',
    );
    expect(bodies).toEqual([{ token: 'tok-123', new_password: NEW_PASSWORD }]);
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
  });

  it('an expired or used link shows the server’s message and offers a new link', async () => {
    captureReset(() => apiErrors([LINK_USED_TEXT]));
    const links = captureResetLink(() => json({ success: true, message: RESET_LINK_SENT }));
    const { user } = await renderResetPage();
    await typePasswords(user, NEW_PASSWORD);
    expect(await screen.findByRole('alert')).toHaveTextContent(LINK_USED_TEXT);
    expect(screen.queryByRole('form', { name: 'Choose a new password' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /E-mail/ }), 'viewer@argus.test{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(RESET_LINK_SENT);
    expect(links).toEqual([{ email: 'viewer@argus.test' }]);
  });

  it('a link without a token offers a new link at once', async () => {
    renderWithProviders(<AppRoutes />, { route: '/login/reset-password', preloadedState: signedOutState() });
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('This link is incomplete.');
    expect(screen.getByRole('form', { name: 'Reset your password' })).toBeInTheDocument();
  });

  it('catches a confirmation that does not match before sending', async () => {
    const bodies = captureReset(() => json({ success: true }));
    const { user } = await renderResetPage();
    await typePasswords(user, NEW_PASSWORD, `${NEW_PASSWORD}x`);
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
    expect(confirmation()).toHaveFocus();
    expect(confirmation()).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toHaveLength(0);
  });

  it('catches a password shorter than the server’s rules before sending', async () => {
    server.use(http.get(apiPath('/login/password_rules'), () => json({ min_length: 16, max_length: 64 })));
    const bodies = captureReset(() => json({ success: true }));
    const { user } = await renderResetPage();
    expect(await screen.findByText(/Use 16 to 64 characters/)).toBeInTheDocument();
    await typePasswords(user, 'fifteen chars!!');
    expect(screen.getByText('Use at least 16 characters.')).toBeInTheDocument();
    expect(newPassword()).toHaveFocus();
    expect(bodies).toHaveLength(0);
  });

  it('checks with 12 characters when the rules cannot be read', async () => {
    server.use(http.get(apiPath('/login/password_rules'), () => apiErrors(['down'], 500)));
    const bodies = captureReset(() => json({ success: true }));
    const { user } = await renderResetPage();
    await typePasswords(user, 'elevenchars');
    expect(screen.getByText('Use at least 12 characters.')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it('shows a rule the server refuses at the new password, and the same link works for another choice', async () => {
    const bodies = captureReset(({ new_password }) =>
      new_password === 'password1234' ? apiErrors(['This password is too common. Choose another.']) : json({ success: true }),
    );
    const { user } = await renderResetPage();
    await typePasswords(user, 'password1234');
    expect(await screen.findByText('This password is too common. Choose another.')).toBeInTheDocument();
    expect(newPassword()).toHaveAttribute('aria-invalid', 'true');
    expect(newPassword()).toHaveFocus();
    await user.clear(newPassword());
    await user.clear(confirmation());
    await typePasswords(user, NEW_PASSWORD);
    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(bodies.map((body) => body.token)).toEqual(['tok-123', 'tok-123']);
  });

  it('shows and hides both passwords with a keyboard-reachable button', async () => {
    const { user } = await renderResetPage();
    await user.type(newPassword(), NEW_PASSWORD);
    await user.tab();
    const toggle = screen.getAllByRole('button', { name: 'Show password' })[0];
    expect(toggle).toHaveFocus();
    expect(newPassword()).toHaveAttribute('type', 'password');
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(newPassword()).toHaveAttribute('type', 'text');
    expect(confirmation()).toHaveAttribute('type', 'text');
  });
});
