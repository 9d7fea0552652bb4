import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, expect } from 'vitest';
import { ShellPage } from './pages/ShellPage';
import { SignInPage } from './pages/SignInPage';
import { Argusd } from './support/argusd';
import { removeOnExit } from './support/children';
import { setupE2E } from './support/e2e';
import { WEB_ROOT } from './support/paths';
import { expectHidden, expectVisible } from './support/wait';

/**
 * The portal's update flow (spec 01 §2 Update, §4 Update availability) in Chromium against `argusd --demo` serving a
 * copy of web/dist: the page is controlled by the build's service worker; then a new build is deployed (the copy's
 * /sw.js with another build id, /version.json describing it) and the user comes back to the tab (the app's own
 * visibilitychange check, fired here as an event: headless Chromium never hides the tab). The Update button and its
 * badge appear, the dialog's 'See what's new' shows the new build's notes, Cancel keeps the button, and 'Refresh page'
 * hands the page to the new worker and reloads into it: the old build's cache is gone and the button too.
 */

const VIEWER = 'viewer@argus.demo';
const NEXT_BUILD = 'e2e0next0bld';
const NEXT_NOTE = 'Update flow E2E: the next build’s note';

let webRoot = '';
const { env, test } = setupE2E({
  startServer: () => {
    webRoot = mkdtempSync(path.join(os.tmpdir(), 'argus-e2e-web-'));
    removeOnExit(webRoot);
    cpSync(WEB_ROOT, webRoot, { recursive: true });
    return Argusd.start({ webRoot });
  },
});
afterAll(() => {
  if (!webRoot) return;
  rmSync(webRoot, { recursive: true, force: true });
  removeOnExit(webRoot, false);
});

interface VersionFile {
  version: string;
  build: string;
  built_at: string;
  notes: { en: string; es: string }[];
}

/** Writes a portal file of the copy the way the build does: the file and its .br/.gz (argusd prefers those). */
function writePortalFile(name: string, text: string): void {
  const file = path.join(webRoot, name);
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(Buffer.from(text)));
  writeFileSync(`${file}.gz`, gzipSync(Buffer.from(text)));
}

/** What a deployment of a new build changes for a page already open: /sw.js and /version.json. Answers the old build. */
function deployNextBuild(): VersionFile {
  const current = JSON.parse(readFileSync(path.join(webRoot, 'version.json'), 'utf8')) as VersionFile;
  const worker = readFileSync(path.join(webRoot, 'sw.js'), 'utf8');
  expect(worker, 'the built worker is stamped with its build id').toContain(`'${current.build}'`);
  writePortalFile('sw.js', worker.replaceAll(current.build, NEXT_BUILD));
  const next: VersionFile = {
    ...current,
    build: NEXT_BUILD,
    built_at: new Date().toISOString(),
    notes: [{ en: NEXT_NOTE, es: 'Nota de la siguiente compilación' }],
  };
  writePortalFile('version.json', `${JSON.stringify(next, null, 2)}\n`);
  return current;
}

const cacheNames = (page: Page) => page.evaluate(() => caches.keys());

async function waitUntilControlled(page: Page, what: string): Promise<void> {
  await page
    .waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 20_000 })
    .catch(() => {
      throw new Error(`the page is not controlled by the service worker (${what})`);
    });
}

test('a new build is offered with its notes, and Refresh page reloads into it', async ({ page, server }) => {
  for (const file of ['/sw.js', '/version.json']) {
    const answer = await page.request.get(`${server.baseUrl}${file}`);
    expect(answer.status(), file).toBe(200);
    expect(answer.headers()['cache-control'], `${file} is revalidated, never taken from the HTTP cache`).toBe('no-cache');
  }

  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(VIEWER, env.server.credential(VIEWER).password);
  const shell = new ShellPage(page);
  await shell.waitUntilSignedIn();
  await waitUntilControlled(page, 'after the first visit');
  const updateButton = page.getByRole('button', { name: 'Update', exact: true });
  const badge = page.getByTestId('update-badge');
  await expectHidden(updateButton, 'the Update button before any new build');

  const first = deployNextBuild();
  expect(await cacheNames(page)).toEqual([`argus-shell-${first.build}`]);
  expect(await page.evaluate(() => document.visibilityState)).toBe('visible');
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));

  await expectVisible(updateButton, 'the Update button once the new build has installed', 20_000);
  await expectVisible(badge, 'the dot badge');
  await updateButton.click();
  const dialog = page.getByRole('dialog', { name: 'A new version of Argus is available' });
  await expectVisible(dialog, 'the update dialog');
  await dialog.getByRole('button', { name: "See what's new" }).click();
  const notes = dialog.getByRole('list', { name: 'Changes in the new version' });
  await expectVisible(notes.getByText(NEXT_NOTE, { exact: true }), "the new build's note");
  await expectVisible(dialog.getByText(`Version ${first.version}, build ${NEXT_BUILD}`), "the new build's id");

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expectHidden(dialog, 'the dialog after Cancel');
  await expectVisible(updateButton, 'the Update button after Cancel');
  await expectVisible(badge, 'the dot badge after Cancel');

  // The new worker takes over the open page before it reloads (recorded across the reload in sessionStorage).
  await page.evaluate(() =>
    navigator.serviceWorker.addEventListener('controllerchange', () =>
      sessionStorage.setItem('e2e-controllerchange', '1'),
    ),
  );
  await updateButton.click();
  await expectVisible(dialog, 'the update dialog again');
  const reloaded = page.waitForEvent('load', { timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Refresh page' }).click();
  await reloaded;

  await shell.waitUntilSignedIn();
  await waitUntilControlled(page, 'after Refresh page');
  const tookOver = await page.evaluate(() => sessionStorage.getItem('e2e-controllerchange'));
  expect(tookOver, 'controllerchange before the reload').toBe('1');
  expect(await cacheNames(page), "the new worker is active and dropped the old build's cache").toEqual([
    `argus-shell-${NEXT_BUILD}`,
  ]);
  await expectHidden(updateButton, 'the Update button after the reload');
  await expectHidden(badge, 'the dot badge after the reload');
});
