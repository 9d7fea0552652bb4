import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ShellPage } from './pages/ShellPage';
import { SignInPage } from './pages/SignInPage';
import { setupE2E } from './support/e2e';
import { expectHidden, expectPath, expectVisible } from './support/wait';

/**
 * Authenticator two-factor in Chromium against `argusd --demo` (issue 12), with Debian's oathtool as the user's
 * authenticator app: the viewer turns it on from the user menu (QR code and setup key, a first code, 10 recovery codes
 * shown once); signing in again then asks for a code after the password: a wrong code shows the server's message and
 * stays, the app's next code signs in.
 */

const VIEWER = 'viewer@argus.demo';

const { env, test } = setupE2E();

/** The code oathtool shows for a base32 secret `offsetS` seconds from now. */
function appCode(secret: string, offsetS = 0): string {
  const at = Math.floor(Date.now() / 1000) + offsetS;
  return execFileSync('oathtool', ['--totp', '-b', '--now', `@${at}`, secret], { encoding: 'utf8' }).trim();
}

async function signInWithPassword(page: Page): Promise<SignInPage> {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(VIEWER, env.server.credential(VIEWER).password);
  return signIn;
}

test('a viewer turns on two-factor in the portal and then signs in with the app’s code', async ({ page }) => {
  await signInWithPassword(page);
  const shell = new ShellPage(page);
  await shell.waitUntilSignedIn();
  const menu = await shell.openUserMenu();
  await menu.getByRole('menuitem', { name: 'Two-factor authentication' }).click();
  const dialog = page.getByRole('dialog', { name: 'Two-factor authentication' });
  await expectVisible(dialog, 'the two-factor dialog', 15_000);
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  const enrolForm = dialog.getByRole('form', { name: 'Add an authenticator' });
  const qr = enrolForm.getByRole('img', { name: 'QR code that adds Argus to an authenticator app' });
  await expectVisible(qr, 'the QR code');
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  const secret = (await enrolForm.getByTestId('setup-key').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  await enrolForm.getByRole('textbox', { name: 'Authenticator code' }).fill(appCode(secret));
  await enrolForm.getByRole('button', { name: 'Confirm' }).click();
  const codes = dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expectVisible(codes.first(), 'the recovery codes', 10_000);
  expect(await codes.count()).toBe(10);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expectVisible(dialog.getByText('Two-factor authentication is on.'), 'the on state');
  await page.keyboard.press('Escape');
  await shell.signOut();

  await signInWithPassword(page);
  const twoFactor = page.getByRole('form', { name: 'Two-factor authentication' });
  await expectVisible(twoFactor, 'the two-factor step', 15_000);
  await expectHidden(shell.userMenuButton, 'the signed-in shell before the code');
  const code = twoFactor.getByRole('textbox', { name: 'Authenticator code' });
  const current = appCode(secret, 30);
  await code.fill(current === '123456' ? '654321' : '123456');
  await twoFactor.getByRole('button', { name: 'Verify' }).click();
  await expectVisible(twoFactor.getByText('Incorrect code. Please try again.'), "the server's message");
  // The next 30-second step: the enrolment spent the current one (no replay).
  await code.fill(appCode(secret, 30));
  await twoFactor.getByRole('button', { name: 'Verify' }).click();
  await shell.waitUntilSignedIn();
  await expectPath(page, /^\/(?!login)/);
});
