import { expect } from 'vitest';
import type { Response } from 'playwright-core';
import { SignInPage } from './pages/SignInPage';
import { setupE2E } from './support/e2e';

// Issue 17 item 19: the portal's files are sent compressed (Brotli when the browser offers it), hashed assets are
// cached for a year, no source maps are published, and the sign-in page does not download the feature pages' code.

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
