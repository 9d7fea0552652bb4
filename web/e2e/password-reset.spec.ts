import { expect } from 'vitest';
import { ForgotPasswordForm, ResetPasswordPage } from './pages/PasswordPages';
import { ShellPage } from './pages/ShellPage';
import { SignInPage } from './pages/SignInPage';
import { setupE2E } from './support/e2e';
import { inboxIds, linkIn, newMessage } from './support/inbox';
import { expectHidden, expectPath, expectVisible } from './support/wait';

/**
 * Forgot password in Chromium against `argusd --demo` (issue 12; web/src/features/password), with the demo inbox
 * (tools/democatcher) as the viewer's mailbox: 'Forgot password?' on the sign-in page sends a link, the link's page sets
 * a new password, the old password no longer signs in and the new one does; the link works once.
 */

const VIEWER = 'viewer@argus.demo';
const NEW_PASSWORD = 'lantern harbour 2031 reset';
const LINK_SENT = 'If an account exists for that e-mail address, we sent it a link to reset the password.';
const LINK_USED = 'This link has expired or was already used. Please ask for a new one.';

const { env, test } = setupE2E();

test('a viewer resets a forgotten password through the e-mailed link, which then works no more', async ({ page }) => {
  const { server } = env;
  const oldPassword = server.credential(VIEWER).password;
  const seen = await inboxIds(server);

  const signIn = new SignInPage(page);
  await signIn.goto();
  // The sign-in form's link (features/signin LoginForm, text 'forgot-password' of locales/en/signin.json).
  await signIn.form.getByText('Forgot password?', { exact: true }).click();
  const forgot = new ForgotPasswordForm(page);
  await forgot.requestLink(VIEWER);
  expect((await forgot.sent.innerText()).trim()).toBe(LINK_SENT);

  const mail = await newMessage(server, 'email', VIEWER, seen);
  const link = linkIn(mail, '/login/reset-password');
  expect(link.startsWith(`${server.baseUrl}/login/reset-password?token=`), `the link ${link}`).toBe(true);

  const reset = new ResetPasswordPage(page);
  await reset.open(link);
  await reset.setPassword(NEW_PASSWORD);
  await expectVisible(reset.done.getByText('Your password was changed. Sign in with your new password.'), 'the success');
  await reset.signIn.click();
  await expectPath(page, /^\/login$/);

  const shell = new ShellPage(page);
  await signIn.signIn(VIEWER, oldPassword);
  await expectVisible(signIn.error, "the old password's refusal");
  await expectHidden(shell.userMenuButton, 'the signed-in shell with the old password');
  await signIn.password.fill(NEW_PASSWORD);
  await signIn.submit.click();
  await shell.waitUntilSignedIn();
  await expectPath(page, /^\/(?!login)/);

  // The link was spent: its page says so and offers a new one.
  await reset.open(link);
  await reset.setPassword(`${NEW_PASSWORD} again`);
  await expectVisible(reset.error.getByText(LINK_USED), 'the used-link message');
  await forgot.waitUntilShown();
});
