import { expect } from 'vitest';
import { CamerasPage } from './pages/CamerasPage';
import { ShellPage } from './pages/ShellPage';
import { SignInPage } from './pages/SignInPage';
import { type ApiNetwork, apiGet } from './support/api';
import { startArgusdWithIdleTimeout } from './support/argusd';
import { screenshot } from './support/browser';
import { setupE2E } from './support/e2e';
import { eventually, expectHidden, expectPath, expectVisible } from './support/wait';

/** Any demo user works; its min_idle_timeout is set to 1 minute with the CLI before the server starts. */
const USER = 'writer@argus.demo';
const TIMEOUT_NOTICE =
  'Your session expired after several minutes of inactivity as required by your network administrator.';

const { test } = setupE2E({ startServer: () => startArgusdWithIdleTimeout(USER, 1) });

/** The countdown's seconds, from 'You will be signed out in N seconds because of inactivity.' */
async function secondsLeft(shell: ShellPage): Promise<number> {
  const text = await shell.sessionExpiryDialog.getByText(/You will be signed out in \d+ seconds?/).innerText();
  return Number(/in (\d+) second/.exec(text)![1]);
}

test('1-minute idle timeout: warning at 30 s with a 30 s countdown, Continue keeps the session, then sign-out', async ({
  server,
  context,
  page,
}) => {
  // The browser's timers and Date run on Playwright's clock; the server keeps real time (its 1-minute idle window
  // is never reached in real time, so only the portal's own timers decide).
  await context.clock.install();
  const signIn = new SignInPage(page);
  const shell = new ShellPage(page);
  const cameras = new CamerasPage(page);

  await signIn.goto();
  await signIn.signIn(USER, server.credential(USER).password);
  await shell.waitUntilSignedIn();
  const user = await apiGet<{ min_idle_timeout: number }>(context, server.baseUrl, '/vision/user');
  expect(user.min_idle_timeout, 'the CLI set the idle timeout before the server started').toBe(1);
  const networks = await apiGet<ApiNetwork[]>(context, server.baseUrl, '/vision/networks');
  const warehouse = networks.find((network) => network.name === 'Warehouse HQ')!;
  // A full page load into the camera area; the idle timer starts afresh with it.
  await page.goto(`/n/${warehouse.id}/cameras`);
  await shell.waitUntilSignedIn();
  await cameras.waitForList();
  const cameraPath = await expectPath(page, new RegExp(`^/n/${warehouse.id}/cameras/\\d+$`));

  // No warning before timeout − 30 s (the pointer stays still from here on).
  await context.clock.fastForward(25_000);
  await page.waitForTimeout(300);
  await expectHidden(shell.sessionExpiryDialog, 'the session-expiry dialog 25 s after the last activity', 500);

  // At timeout − 30 s the dialog opens with a 30-second countdown.
  await context.clock.fastForward(6_000);
  await expectVisible(shell.sessionExpiryDialog, 'the session-expiry dialog at timeout − 30 s');
  const first = await secondsLeft(shell);
  expect(first, 'the countdown starts at 30 s').toBeGreaterThanOrEqual(29);
  expect(first).toBeLessThanOrEqual(30);
  await context.clock.runFor(10_000);
  await eventually(() => secondsLeft(shell), (left) => left <= first - 9 && left >= first - 11, 'countdown after 10 s');
  await screenshot(page, 'session-expiry-dialog');

  // Continue: the session is refreshed, the dialog closes, the user stays where they were.
  const refreshed = page.waitForResponse((response) => response.url().includes('/vision/session/refresh'));
  await shell.sessionExpiryDialog.getByRole('button', { name: 'Continue' }).click();
  expect((await refreshed).status(), 'the Continue refresh call').toBe(200);
  await expectHidden(shell.sessionExpiryDialog, 'the session-expiry dialog after Continue');
  expect(new URL(page.url()).pathname).toBe(cameraPath);
  // The idle timer restarted: 20 s later still no dialog...
  await context.clock.fastForward(20_000);
  await page.waitForTimeout(300);
  await expectHidden(shell.sessionExpiryDialog, 'the session-expiry dialog 20 s after Continue', 500);
  expect((await context.request.get(`${server.baseUrl}/n1/vision/user`)).status(), 'session alive').toBe(200);

  // ...it comes back at timeout − 30 s, and when the countdown runs out the user is signed out.
  await context.clock.fastForward(11_000);
  await expectVisible(shell.sessionExpiryDialog, 'the session-expiry dialog again');
  await context.clock.runFor(31_000);
  await expectPath(page, /^\/login\?sessionTimeout=true$/, 15_000);
  await expectVisible(signIn.sessionTimeoutNotice(), `the notice '${TIMEOUT_NOTICE}'`);
  await signIn.waitUntilShown();
  expect((await context.request.get(`${server.baseUrl}/n1/vision/user`)).status(), 'the server session ended').toBe(401);
});
