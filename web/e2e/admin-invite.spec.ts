import { expect } from 'vitest';
import { ResetPasswordPage } from './pages/PasswordPages';
import { PrivilegesPage } from './pages/PrivilegesPage';
import { ShellPage } from './pages/ShellPage';
import { SignInPage } from './pages/SignInPage';
import { type ApiNetwork, apiGet } from './support/api';
import { closeQuietly, newContext, screenshot } from './support/browser';
import { setupE2E } from './support/e2e';
import { inboxIds, linkIn, newMessage } from './support/inbox';
import { expectPath, expectVisible } from './support/wait';

/**
 * Inviting a user in Chromium against `argusd --demo` (issue 12; features/admin/users): Wendy, the org-write
 * administrator, invites a new viewer from the users page; the portal opens the viewer's privileges (live video of the
 * current network); the invitation arrives in the demo inbox (tools/democatcher); its link lets the new viewer choose a
 * password and sign in to the organization.
 */

const WRITER = 'writer@argus.demo';
const INVITED = 'nia.guard@example.com';
const INVITED_NAME = 'Nia Guard';
const PASSWORD = 'lighthouse keeper 2042 invite';
const NETWORK = 'Warehouse HQ';

const { test } = setupE2E();

test('an org-write admin invites a viewer, who chooses a password from the e-mail and signs in', async ({
  server,
  browser,
  context,
  page,
}) => {
  const seen = await inboxIds(server);
  const signIn = new SignInPage(page);
  const shell = new ShellPage(page);
  await signIn.goto();
  await signIn.signIn(WRITER, server.credential(WRITER).password);
  await shell.waitUntilSignedIn();
  const networks = await apiGet<ApiNetwork[]>(context, server.baseUrl, '/vision/networks');
  const warehouseId = networks.find((network) => network.name === NETWORK)!.id;
  await page.goto(`/n/${warehouseId}/admin/users`);
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a user' });
  await dialog.getByRole('textbox', { name: /E-mail address/ }).fill(INVITED);
  await dialog.getByRole('textbox', { name: /Name/ }).fill(INVITED_NAME);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expectVisible(page.getByText(`Invitation sent to ${INVITED}`), 'the invitation notice');

  // The portal opens the new viewer's privileges: live video of Warehouse HQ.
  const privileges = new PrivilegesPage(page);
  await privileges.waitUntilShown(INVITED_NAME);
  expect(await privileges.rowCount()).toBe(1);
  expect(await privileges.scope(1).inputValue()).toBe('Network');
  expect(await privileges.network(1).inputValue()).toBe(NETWORK);
  expect(await privileges.right(1, 'Live video').isChecked()).toBe(true);
  await screenshot(page, 'admin-invite-privileges');

  const mail = await newMessage(server, 'email', INVITED, seen);
  expect(mail.subject).toBe('You are invited to Northwind Logistics on Argus');
  const link = linkIn(mail, '/login/reset-password');
  const invitedContext = await newContext(browser, server.baseUrl);
  try {
    const invitedPage = await invitedContext.newPage();
    const reset = new ResetPasswordPage(invitedPage);
    await reset.open(link);
    await reset.setPassword(PASSWORD);
    await expectVisible(reset.done.getByText('Your password was changed. Sign in with your new password.'), 'done');
    await reset.signIn.click();
    const invitedSignIn = new SignInPage(invitedPage);
    await invitedSignIn.signIn(INVITED, PASSWORD);
    await new ShellPage(invitedPage).waitUntilSignedIn();
    await expectPath(invitedPage, /^\/n\//);
    await screenshot(invitedPage, 'admin-invite-signed-in');
  } finally {
    await closeQuietly(invitedContext);
  }
});
