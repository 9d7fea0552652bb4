import { expect } from 'vitest';
import { ShellPage } from './pages/ShellPage';
import { SignInPage } from './pages/SignInPage';
import { setupE2E } from './support/e2e';
import { expectPath, expectVisible } from './support/wait';

/**
 * The sign-in captcha in Chromium against `argusd --demo` (issue 12; docs/design/sessions.md "Captcha"): after the
 * free wrong passwords, argusd answers mode captcha with a proof-of-work challenge; the widget ('I'm not a robot')
 * solves it in the browser, and the right password then signs in at once instead of waiting out the throttle.
 */

const VIEWER = 'viewer@argus.demo';
const { env, test } = setupE2E();

test('after wrong passwords the captcha is solved in the browser and the right password signs in', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  let lastStatus = 0;
  for (let attempt = 0; attempt < 4 && lastStatus !== 429; attempt += 1) {
    const answer = page.waitForResponse((response) => response.url().endsWith('/login/login'));
    await signIn.signIn(VIEWER, `wrong password ${attempt}`);
    lastStatus = (await answer).status();
  }
  expect(lastStatus, 'the throttle answers 429 in captcha mode').toBe(429);

  const robot = page.getByRole('checkbox', { name: "I'm not a robot" });
  await expectVisible(robot, 'the captcha widget', 15_000);
  await robot.click();
  await expectVisible(page.getByText('Verified', { exact: true }), 'the solved captcha', 30_000);

  const answer = page.waitForResponse((response) => response.url().endsWith('/login/login'));
  await signIn.password.fill(env.server.credential(VIEWER).password);
  await signIn.submit.click();
  const response = await answer;
  const body = JSON.parse(response.request().postData() ?? '{}') as Record<string, unknown>;
  expect(body.mki_captcha_provider_id).toBe('argus-pow');
  expect(response.status(), 'the solution lets the attempt through without waiting').toBe(200);
  await new ShellPage(page).waitUntilSignedIn();
  await expectPath(page, /^\/(?!login)/);
});
