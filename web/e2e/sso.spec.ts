import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ShellPage } from './pages/ShellPage';
import { SignInPage } from './pages/SignInPage';
import { type ApiNetwork, apiSession, apiSessionGet } from './support/api';
import type { Argusd } from './support/argusd';
import { setupE2E } from './support/e2e';
import { expectPath, expectVisible } from './support/wait';

/**
 * SAML single sign-on in Chromium against `argusd --demo` (issue 12): the demo runs its own identity provider
 * (tools/samlidp) whose accounts are the demo users with their demo passwords, and Northwind's SSO identifier is
 * `demo`. The round trip: 'Sign in with SSO' → the identity provider's form → its signed answer auto-posted to argusd
 * → the page the user wanted; signing out goes through the identity provider and back to the sign-in page. And the
 * spec's sso-error for an unknown identifier, and an expired assertion shown as the portal's message.
 */

const WRITER = 'writer@argus.demo';
const { test } = setupE2E();

async function networkId(server: Argusd, name: string): Promise<number> {
  const api = await apiSession(server.baseUrl, WRITER, server.credential(WRITER).password);
  try {
    const networks = await apiSessionGet<ApiNetwork[]>(api, '/vision/networks');
    return networks.find((network) => network.name === name)!.id;
  } finally {
    await api.dispose();
  }
}

/** The SSO form of /login (features/signin SsoForm). */
function ssoForm(page: Page) {
  const form = page.getByRole('form', { name: 'Sign in with SSO' });
  return {
    form,
    identifier: form.getByRole('textbox', { name: 'SSO identifier' }),
    continue: form.getByRole('button', { name: 'Continue' }),
    error: form.getByRole('alert'),
  };
}

/** Opens the SSO form from the password form and starts SSO with the identifier. */
async function startSso(page: Page, identifier: string): Promise<void> {
  await new SignInPage(page).waitUntilShown();
  await page.getByRole('button', { name: 'Sign in with SSO' }).click();
  const sso = ssoForm(page);
  await expectVisible(sso.form, 'the SSO form');
  await sso.identifier.fill(identifier);
  await sso.continue.click();
}

/** The demo identity provider's sign-in page: e-mail and password, optionally an assertion valid for `validForS`. */
async function signInAtIdentityProvider(page: Page, server: Argusd, email: string, validForS?: number): Promise<void> {
  await expectVisible(page.getByRole('heading', { name: 'Sign in to continue to Argus' }), "the IdP's page", 15_000);
  expect(new URL(page.url()).origin).not.toBe(new URL(server.baseUrl).origin);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(server.credential(email).password);
  if (validForS !== undefined) {
    await page.getByText('Test options').click();
    await page.getByLabel('Valid for (seconds)').fill(String(validForS));
  }
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('writer@ signs in through the identity provider, lands on the page asked for, and signs out there', async ({
  server,
  page,
}) => {
  const warehouse = await networkId(server, 'Warehouse HQ');
  await page.goto(`/n/${warehouse}/cameras`);
  await expectPath(page, /^\/login$/);
  await startSso(page, 'demo');
  await signInAtIdentityProvider(page, server, WRITER);

  const shell = new ShellPage(page);
  await shell.waitUntilSignedIn();
  await expectPath(page, new RegExp(`^/n/${warehouse}/cameras(/\\d+)?$`), 20_000);
  const menu = await shell.openUserMenu();
  await expectVisible(menu.getByText(WRITER), "the signed-in user's e-mail");
  await page.keyboard.press('Escape');

  // Signing out visits the identity provider's single logout, which sends the browser back to argusd, then /login.
  const visitedIdp = page.waitForRequest((request) => new URL(request.url()).pathname === '/slo');
  await shell.signOut();
  await visitedIdp;
  const user = await page.evaluate(async () => (await fetch('/n1/vision/user')).status);
  expect(user).toBe(401);
});

test('an unknown identifier shows the spec’s message, and an expired assertion comes back as its own', async ({
  server,
  page,
}) => {
  await page.goto('/login');
  await startSso(page, 'nobody-here');
  const sso = ssoForm(page);
  await expectVisible(
    sso.error.getByText('An error has occurred. Please double check the subdomain identifier and try again.'),
    'the sso-error text',
  );

  await sso.identifier.fill('demo');
  await sso.continue.click();
  await signInAtIdentityProvider(page, server, WRITER, -600);
  await expectVisible(sso.error.getByText('Your single sign-on expired. Please try again.'), 'the expired message');
  await expectPath(page, /^\/login$/);
  expect(new URL(page.url()).search).toBe('');
  await expect(page.evaluate(async () => (await fetch('/n1/vision/user')).status)).resolves.toBe(401);
});
