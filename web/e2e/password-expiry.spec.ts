import { expect } from 'vitest';
import { ShellPage } from './pages/ShellPage';
import { SignInPage } from './pages/SignInPage';
import { Argusd, argusdCommand } from './support/argusd';
import { newContext } from './support/browser';
import { setupE2E } from './support/e2e';
import { expectPath, expectVisible } from './support/wait';

/**
 * An expired password in Chromium against `argusd --demo` (issue 12; spec 01 §4 "Password expiry"): an administrator
 * ran `argusd user expire-password`, so the viewer's sign-in shows 'Your password has expired. Please log in here to
 * change it.' with the change form; a wrong current password is refused with the server's message; the new password
 * opens the portal, and signs in from then on without the notice.
 */

const VIEWER = 'viewer@argus.demo';
const NEW_PASSWORD = 'quiet orchard 2032 lantern';
const EXPIRED = 'Your password has expired. Please log in here to change it.';

const { env, test } = setupE2E({
  startServer: () =>
    Argusd.start({
      prepare: (dataDir) => argusdCommand(['user', 'expire-password', '--data-dir', dataDir, '--email', VIEWER]),
    }),
});

test('a viewer with an expired password changes it at sign-in and goes on', async ({ page }) => {
  const { server } = env;
  const oldPassword = server.credential(VIEWER).password;
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(VIEWER, oldPassword);

  await expectVisible(page.getByText(EXPIRED, { exact: true }), 'the expired-password notice', 15_000);
  const form = page.getByRole('form', { name: 'Change your password' });
  await expectVisible(form, 'the change-password form');
  const current = form.getByLabel(/^Current password/);
  const fresh = form.getByLabel(/^New password/);
  const confirmation = form.getByLabel(/^Confirm new password/);
  const change = form.getByRole('button', { name: 'Change password' });

  await current.fill('not my password at all');
  await fresh.fill(NEW_PASSWORD);
  await confirmation.fill(NEW_PASSWORD);
  await change.click();
  await expectVisible(page.getByText('Your current password is not correct.'), "the server's refusal");

  await current.fill(oldPassword);
  await change.click();
  const shell = new ShellPage(page);
  await shell.waitUntilSignedIn();
  await expectPath(page, /^\/(?!login)/);
  expect(await page.getByText(EXPIRED).count()).toBe(0);

  // From now on the new password signs in without the notice.
  const context = await newContext(env.browser, server.baseUrl);
  try {
    const later = await context.newPage();
    const again = new SignInPage(later);
    await again.goto();
    await again.signIn(VIEWER, NEW_PASSWORD);
    await new ShellPage(later).waitUntilSignedIn();
    expect(await later.getByText(EXPIRED).count()).toBe(0);
  } finally {
    await context.close();
  }
});
