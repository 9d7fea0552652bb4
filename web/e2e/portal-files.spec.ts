import { brotliCompressSync } from 'node:zlib';
import { expect } from 'vitest';
import type { Response } from 'playwright-core';
import { SignInPage } from './pages/SignInPage';
import { CAMERA, openCamera } from './support/cameraVideo';
import { setupE2E } from './support/e2e';

// Issue 17 item 19: the portal's files are sent compressed (Brotli when the browser offers it), hashed assets are
// cached for a year, no source maps are published, the sign-in page does not download the feature pages' code, and
// the camera page's JavaScript stays within its budget on the wire (bench/portal_weight.mjs prints the figure).

/** Issue 17: the JavaScript a camera page downloads, Brotli-compressed, at most (was 1.25 MB uncompressed). */
const CAMERA_PAGE_JS_BUDGET_BYTES = 300_000;

const { env, test } = setupE2E();

interface ScriptAnswer {
  path: string;
  encoding: string;
  cacheControl: string;
  body: string;
}

async function scriptAnswer(response: Response): Promise<ScriptAnswer> {
  const headers = await response.allHeaders();
  return {
    path: new URL(response.url()).pathname,
    encoding: headers['content-encoding'] ?? 'identity',
    cacheControl: headers['cache-control'] ?? '',
    body: await response.text(),
  };
}

test('the sign-in page gets Brotli, year-long cached scripts without source maps, and only its own code', async ({ page }) => {
  const answers: Promise<ScriptAnswer>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') answers.push(scriptAnswer(response));
  });
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.email.waitFor({ timeout: 30_000 });
  const scripts = await Promise.all(answers);

  expect(scripts.length, 'scripts loaded').toBeGreaterThan(0);
  for (const script of scripts) {
    expect(script.path, 'scripts are hashed build assets').toMatch(/^\/assets\/[\w-]+-[\w-]{8}\.js$/);
    expect(script.cacheControl, `${script.path} cache`).toBe('public, max-age=31536000, immutable');
    expect(script.body, `${script.path} names no source map`).not.toContain('sourceMappingURL=');
    if (script.body.length >= 1024) expect(script.encoding, `${script.path} encoding`).toBe('br');
  }
  const paths = scripts.map((script) => script.path);
  for (const feature of ['cameras-', 'event-search-', 'CameraManagementPage-', 'hls-', 'FloorPlanMap-']) {
    expect(paths.some((path) => path.startsWith(`/assets/${feature}`)), `${feature} is not loaded for sign-in`).toBe(false);
  }

  // Source maps are not published, and asking for one is a 404 (not the SPA's index.html).
  const entry = paths.find((path) => path.startsWith('/assets/index-'))!;
  const map = await page.request.get(`${env.server.baseUrl}${entry}.map`);
  expect(map.status()).toBe(404);
  // A client that accepts only gzip gets gzip; one that accepts nothing gets the file as it is.
  const gzip = await page.request.get(`${env.server.baseUrl}${entry}`, { headers: { 'Accept-Encoding': 'gzip' } });
  expect(gzip.headers()['content-encoding']).toBe('gzip');
  const identity = await page.request.get(`${env.server.baseUrl}${entry}`, { headers: { 'Accept-Encoding': 'identity' } });
  expect(identity.headers()['content-encoding']).toBeUndefined();
  expect((await identity.text()).length).toBe(scripts.find((script) => script.path === entry)!.body.length);
});

test('a camera page, playing, has downloaded at most 300 kB of JavaScript on the wire', async ({ server, context, page }) => {
  const { viewer } = await openCamera(server, context, page, CAMERA);
  // A fresh document of the camera page itself: everything it needs to show the camera playing, lazy chunks included.
  await page.reload();
  await viewer.waitUntilPlaying('live after a reload');
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry as PerformanceResourceTiming)
      .filter((entry) => /^\/assets\/.+\.js$/.test(new URL(entry.name).pathname))
      // encodedBodySize: the body as sent (compressed), also for a file the cache answered.
      .map((entry) => ({ path: new URL(entry.name).pathname, bytes: entry.encodedBodySize })),
  );
  // Scripts inlined in the document (the boot preview's, docs/design/live.md) are JavaScript on the wire too: their
  // Brotli size, as argusd sends index.html.
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')].map((script) => script.textContent ?? '').join(''),
  );
  if (inline.length > 0) scripts.push({ path: '(inline scripts)', bytes: brotliCompressSync(Buffer.from(inline)).length });
  const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
  const listing = scripts.map((script) => `${script.path} ${script.bytes}`).join(', ');
  expect(scripts.length, 'scripts of the camera page').toBeGreaterThan(0);
  expect(scripts.every((script) => script.bytes > 0), `every script's size is known: ${listing}`).toBe(true);
  expect(inline.length, 'the boot preview script is inlined').toBeGreaterThan(0);
  expect(total, `JavaScript bytes on the wire: ${listing}`).toBeLessThanOrEqual(CAMERA_PAGE_JS_BUDGET_BYTES);
  expect(scripts.some((script) => script.path.includes('MotionSearchDrawer')), 'the motion search drawer waits until asked').toBe(false);
});
