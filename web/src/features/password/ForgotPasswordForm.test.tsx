import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { apiErrors, json } from '../../test/server';
import { signedOutState } from '../../test/state';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { captureResetLink, RESET_LINK_SENT } from './test/passwordServer';

function renderForm(initialEmail?: string) {
  const onBack = vi.fn();
  const rendered = renderWithProviders(<ForgotPasswordForm initialEmail={initialEmail} onBack={onBack} />, {
    preloadedState: signedOutState(),
  });
  return { ...rendered, onBack };
}

describe('ForgotPasswordForm', () => {
  it("sends the e-mail and shows the server's message, then goes back to sign-in", async () => {
    const bodies = captureResetLink(() => json({ success: true, message: RESET_LINK_SENT }));
    const { user, onBack } = renderForm();
    const email = screen.getByRole('textbox', { name: /E-mail/ });
    expect(email).toHaveFocus();
    await user.type(email, '  viewer@argus.test {Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(RESET_LINK_SENT);
    expect(bodies).toEqual([{ email: 'viewer@argus.test' }]);
    const back = screen.getByRole('button', { name: 'Back to sign-in' });
    expect(back).toHaveFocus();
    await user.click(back);
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('starts from the e-mail typed on the sign-in form', async () => {
    const bodies = captureResetLink(() => json({ success: true, message: RESET_LINK_SENT }));
    const { user } = renderForm('ada@acme.test');
    expect(screen.getByRole('textbox', { name: /E-mail/ })).toHaveValue('ada@acme.test');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    await screen.findByRole('status');
    expect(bodies).toEqual([{ email: 'ada@acme.test' }]);
  });

  it('requires an e-mail before sending', async () => {
    const bodies = captureResetLink(() => json({ success: true, message: RESET_LINK_SENT }));
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(screen.getByText('E-mail is required')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /E-mail/ })).toHaveFocus();
    expect(bodies).toHaveLength(0);
  });

  it("shows a refusal's message, or the generic text without one", async () => {
    captureResetLink(() => apiErrors(['email is too long']));
    const { user } = renderForm('ada@acme.test');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('email is too long');
    captureResetLink(() => new Response('oops', { status: 502 }));
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('An unexpected error occurred. Please try again.')).toBeInTheDocument();
  });
});
