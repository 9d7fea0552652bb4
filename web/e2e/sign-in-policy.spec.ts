import { expect } from 'vitest';
import { ShellPage } from './pages/ShellPage';
import { SignInPage } from './pages/SignInPage';
import { closeQuietly, newContext } from './support/browser';
import { setupE2E } from './support/e2e';
import { inboxIds, newMessage } from './support/inbox';
import { expectPath, expectVisible } from './support/wait';

/**
 * The organization's sign-in policy in Chromium against `argusd --demo` (issue 12): Wendy, the org-write
 * administrator, requires two-factor on the Sign-in policy page; Vic, a viewer with no second factor of his own, then
 * gets a 6-digit code by e-mail after his password (read from the demo inbox) and signs in with it. The access log
 * records the change.
 */

const WRITER = 'writer@argus.demo';
const VIEWER = 'viewer@argus.demo';

const { test } = setupE2E();

interface AccessLogEntry {
  kind: string;
  detail: string | null;
}

test('an org-write admin requires two-factor, and a viewer then signs in with an e-mailed code', async ({
  server,
  browser,
  page,
}) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(WRITER, server.credential(WRITER).password);
  const shell = new ShellPage(page);
  await shell.waitUntilSignedIn();
  const menu = await shell.openUserMenu();
  await menu.getByRole('menuitem', { name: 'Sign-in policy' }).click();
  await expectPath(page, /^\/n\/\d+\/admin\/sign-in-policy$/);

  const requireTwoFactor = page.getByRole('switch', { name: 'Require two-factor authentication' });
  await expectVisible(requireTwoFactor, 'the two-factor switch', 15_000);
  expect(await requireTwoFactor.isChecked()).toBe(false);
  await requireTwoFactor.click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expectVisible(page.getByRole('status').filter({ hasText: 'Sign-in policy saved.' }), 'the saved notice');

  const seen = await inboxIds(server);
  const viewerContext = await newContext(browser, server.baseUrl);
  try {
    const viewerPage = await viewerContext.newPage();
    const viewerSignIn = new SignInPage(viewerPage);
    await viewerSignIn.goto();
    await viewerSignIn.signIn(VIEWER, server.credential(VIEWER).password);
    const step = viewerPage.getByRole('form', { name: 'Check your e-mail' });
    await expectVisible(step, 'the e-mail code step', 15_000);
    const message = await newMessage(server, 'email', VIEWER, seen);
    const code = /\b(\d{6})\b/.exec(message.text)?.[1];
    expect(code, message.text).toBeDefined();
    await step.getByRole('textbox', { name: 'Verification code' }).fill(code!);
    await step.getByRole('button', { name: 'Verify' }).click();
    await new ShellPage(viewerPage).waitUntilSignedIn();
  } finally {
    await closeQuietly(viewerContext);
  }

  // Read with Wendy's browser session: signing in again by password would now ask her for a code too.
  const log = await page.evaluate(async () => {
    const response = await fetch('/n1/api/v1/organizations/1/access_log?kinds=sign_in_policy_changed');
    return (await response.json()) as { entries: AccessLogEntry[] };
  });
  // The demo's single sign-on (identifier demo) stays as it was: the page sends it back without new metadata.
  expect(log.entries[0]?.detail).toBe("passwords never expire; two-factor required; SSO 'demo'");
});
