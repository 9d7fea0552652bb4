import type { Page } from 'playwright-core';
import { expect, vi } from 'vitest';
import { CamerasPage } from './pages/CamerasPage';
import { ShellPage } from './pages/ShellPage';
import { SignInPage } from './pages/SignInPage';
import { type ApiNetwork, apiSession, apiSessionGet } from './support/api';
import type { Argusd } from './support/argusd';
import { setupE2E } from './support/e2e';
import { type InboxMessage, inboxIds, newMessage } from './support/inbox';
import { expectHidden, expectPath, expectVisible } from './support/wait';

/**
 * Sign-in codes by e-mail and text message in Chromium against `argusd --demo` (issue 12). After the password, the
 * demo's codes@ user gets a 6-digit code by e-mail and sms@ one by text message (primary phone; a new one can go to the
 * secondary phone). argusd sends them to the demo inbox (`server.inboxUrl`), where the test reads them as the user
 * would: a wrong code shows the server's message and stays, the inbox's code signs in.
 */

const CODES_USER = 'codes@argus.demo';
const SMS_USER = 'sms@argus.demo';
/** sms@'s phones (server/src/demo/demo_fleet.cpp). */
const PRIMARY_PHONE = '+15550100';
const SECONDARY_PHONE = '+15550199';
const ADMIN = 'admin@argus.demo';

const { test } = setupE2E();
// The server allows one new code per 30 s of a sign-in: the SMS test waits that out before asking for another.
vi.setConfig({ testTimeout: 120_000 });

/** The 6-digit code of the newest message of `kind` to `to` that is not in `seen`, waiting for it to arrive. */
async function newCode(server: Argusd, kind: InboxMessage['kind'], to: string, seen: Set<string>): Promise<string> {
  const message = await newMessage(server, kind, to, seen);
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!code) throw new Error(`no 6-digit code in the ${kind} to ${to}: ${JSON.stringify(message.text)}`);
  return code;
}

async function networkId(server: Argusd, name: string): Promise<number> {
  const api = await apiSession(server.baseUrl, ADMIN, server.credential(ADMIN).password);
  try {
    const networks = await apiSessionGet<ApiNetwork[]>(api, '/vision/networks');
    return networks.find((network) => network.name === name)!.id;
  } finally {
    await api.dispose();
  }
}

/** The code step (features/signin CodeStepForm): 'Check your e-mail' or 'Check your phone'. */
function codeStep(page: Page, title: 'Check your e-mail' | 'Check your phone') {
  const form = page.getByRole('form', { name: title });
  return {
    form,
    field: form.getByRole('textbox', { name: 'Verification code' }),
    verify: form.getByRole('button', { name: 'Verify' }),
    sendNewCode: form.getByRole('button', { name: 'Send a new code' }),
    confirmation: form.getByRole('status'),
    error: form.getByRole('alert'),
  };
}

/**
 * Asks for a new text-message code to the secondary phone and answers the confirmation shown. The server refuses a
 * new code within 30 s of the last one ('Please wait {n} seconds…', 429): that is waited out once and asked again.
 */
async function sendNewCodeToSecondaryPhone(page: Page, step: ReturnType<typeof codeStep>): Promise<string> {
  await step.form.getByRole('radio', { name: 'Secondary phone' }).check();
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const answer = page.waitForResponse((response) => response.url().endsWith('/login/sms_auth_retry'));
    await step.sendNewCode.click();
    const response = await answer;
    expect(response.request().postDataJSON()).toEqual({ retry: 'secondary' });
    if (response.status() === 200) {
      await expectVisible(step.confirmation, "the new code's confirmation");
      return (await step.confirmation.innerText()).trim();
    }
    const { error } = (await response.json()) as { error?: string };
    expect(response.status(), `sms_auth_retry: ${error}`).toBe(429);
    await expectVisible(step.error.getByText(error ?? ''), "the server's wait message");
    const seconds = Number(/Please wait (\d+) seconds/.exec(error ?? '')?.[1] ?? Number.NaN);
    expect(seconds, error).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, (seconds + 1) * 1000));
  }
  throw new Error('no new code was sent after waiting');
}

test('codes@ signs in with the e-mailed code after a wrong one and sees the cameras', async ({ server, page }) => {
  const warehouse = await networkId(server, 'Warehouse HQ');
  const seen = await inboxIds(server);
  const signIn = new SignInPage(page);
  const shell = new ShellPage(page);
  await page.goto(`/n/${warehouse}/cameras`);
  await expectPath(page, /^\/login$/);
  await signIn.signIn(CODES_USER, server.credential(CODES_USER).password);

  const step = codeStep(page, 'Check your e-mail');
  await expectVisible(step.form, 'the e-mail code step', 15_000);
  await expectVisible(step.form.getByText(/We sent a 6-digit code to \S+@argus\.demo\./), 'where the code went');
  await expectHidden(shell.userMenuButton, 'the signed-in shell before the code');
  const code = await newCode(server, 'email', CODES_USER, seen);

  await step.field.fill(code === '000000' ? '111111' : '000000');
  await step.verify.click();
  await expectVisible(step.error.getByText('Incorrect code. Please try again.'), "the server's message");
  await expectVisible(step.field, 'the code field, still in the step');

  await step.field.fill(code);
  await step.verify.click();
  await shell.waitUntilSignedIn();
  await expectPath(page, new RegExp(`^/n/${warehouse}/cameras(/\\d+)?$`), 20_000);
  await new CamerasPage(page).waitForList();
});

test('sms@ asks for a new code on the secondary phone and signs in with it', async ({ server, page }) => {
  const seen = await inboxIds(server);
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(SMS_USER, server.credential(SMS_USER).password);

  const step = codeStep(page, 'Check your phone');
  await expectVisible(step.form, 'the text-message code step', 15_000);
  await newCode(server, 'sms', PRIMARY_PHONE, seen);
  const beforeResend = await inboxIds(server);

  const confirmation = await sendNewCodeToSecondaryPhone(page, step);
  expect(confirmation).toMatch(/^A new code was sent to .*0199\.$/);
  const code = await newCode(server, 'sms', SECONDARY_PHONE, beforeResend);
  await step.field.fill(code);
  await step.verify.click();
  await new ShellPage(page).waitUntilSignedIn();
  await expectPath(page, /^\/(?!login)/);
});
