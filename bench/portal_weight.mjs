#!/usr/bin/env node
// Portal weight benchmark (issue 17 item 19: "initial JS sent for the camera page; target <= 300 KB on the wire").
//
// Starts `argusd --demo --web-root web/dist`, then loads pages cold (fresh browser context, empty cache) in headless
// Debian Chromium and sums what crossed the wire, as Chromium reports it (body bytes after Content-Encoding):
//   - the sign-in page `/login`, signed out;
//   - the camera page `/n/{network}/cameras/{id}`, signed in (the first demo camera with live video).
// Scripts inlined in the document count as JS at their Brotli size; a worker script at its resource timing size.
// For each: JS and CSS files, bytes on the wire, bytes decoded, and the encodings argusd chose. The same files fetched
// without Accept-Encoding are the "identity" figure (what argusd sent before precompression), printed beside it.
// A second load of the camera page in the same context shows what the year-long cache of hashed assets saves.
// Usage: node bench/portal_weight.mjs     Env: CHROMIUM_BIN (default /usr/bin/chromium), ARGUSD_BIN, ARGUS_WEB_ROOT.

import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { pickCamera, signIn } from './live_latency/demo_session.mjs';
import { CHROMIUM_ARGS, CHROMIUM_BIN } from './support/chromium.mjs';
import { killOnExit, ROOT, startDemoServer, stopDemoServer } from './support/demo_server.mjs';

const webRequire = createRequire(path.join(ROOT, 'web', 'package.json'));
const TARGET_INITIAL_JS_KB = 300;

let server = null;
killOnExit(() => server);

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/** Loads `url` in `page`, waiting until `ready` holds, and answers the static files fetched: {url, type, wire, encoding, cached}. */
async function loadAndRecord(page, url, ready) {
  const files = [];
  const onFinished = async (request) => {
    const type = request.resourceType();
    if (type !== 'script' && type !== 'stylesheet' && type !== 'document') return;
    const response = await request.response();
    if (!response) return;
    const sizes = await request.sizes();
    files.push({
      url: request.url(),
      type,
      wire: Math.max(0, sizes.responseBodySize),
      encoding: response.headers()['content-encoding'] ?? 'identity',
      cached: response.fromServiceWorker() || (response.status() === 200 && sizes.responseBodySize === 0),
    });
  };
  page.on('requestfinished', onFinished);
  await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
  await ready();
  page.off('requestfinished', onFinished);
  // A worker's script reports no body size to Playwright: the page's resource timing has it.
  const timing = new Map(
    await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => [entry.name, entry.transferSize > 0 ? entry.encodedBodySize : 0]),
    ),
  );
  for (const file of files) {
    const timed = file.wire === 0 ? timing.get(file.url) : 0;
    if (timed) Object.assign(file, { wire: timed, cached: false });
  }
  // Scripts inlined in the document (the boot preview's, docs/design/live.md): their Brotli size counts as JS.
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')].map((script) => script.textContent ?? '').join(''),
  );
  if (inline.length > 0) {
    files.push({ url: `${url} (inline scripts)`, type: 'script', wire: brotliCompressSync(Buffer.from(inline)).length, encoding: 'br', cached: false, inline });
  }
  return files;
}

/** Size of each file fetched without Accept-Encoding (what an uncompressed server sends). */
async function identitySizes(files, cookieHeader) {
  let total = 0;
  for (const file of files) {
    if (file.inline !== undefined) {
      total += Buffer.byteLength(file.inline);
      continue;
    }
    const response = await fetch(file.url, { headers: { 'Accept-Encoding': 'identity', Cookie: cookieHeader } });
    total += (await response.arrayBuffer()).byteLength;
  }
  return total;
}

async function report(label, files, cookieHeader) {
  for (const type of ['script', 'stylesheet']) {
    const ofType = files.filter((file) => file.type === type);
    const wire = ofType.reduce((sum, file) => sum + file.wire, 0);
    const identity = await identitySizes(ofType, cookieHeader);
    const encodings = [...new Set(ofType.map((file) => file.encoding))].join(',');
    const name = type === 'script' ? 'js' : 'css';
    const target = type === 'script' && label === 'camera_page' ? `   (target <= ${TARGET_INITIAL_JS_KB} kB)` : '';
    console.log(
      `portal.${label}.${name}: ${ofType.length} files, ${kB(wire)} on the wire (${encodings}), ${kB(identity)} uncompressed${target}`,
    );
  }
}

async function main() {
  if (!existsSync(CHROMIUM_BIN)) {
    console.log(`portal_weight: skipped: chromium not found at ${CHROMIUM_BIN} (set CHROMIUM_BIN)`);
    return;
  }
  server = await startDemoServer('argus-portal-weight-');
  const { base, dataDir } = server;
  const { chromium } = webRequire('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM_BIN, headless: true, args: CHROMIUM_ARGS, timeout: 30_000 });
  try {
    const signedOut = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    const signInPage = await signedOut.newPage();
    const signInFiles = await loadAndRecord(signInPage, '/login', () =>
      signInPage.getByRole('button', { name: /sign in/i }).first().waitFor({ timeout: 30_000 }),
    );
    await report('signin_page', signInFiles, '');
    await signedOut.close();

    const { cookies, cookieHeader } = await signIn(base, dataDir);
    const { network, camera } = await pickCamera(base, cookieHeader);
    const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    await context.addCookies(cookies.map(({ name, value }) => ({ name, value, url: base })));
    const page = await context.newPage();
    const cameraUrl = `/n/${network.id}/cameras/${camera.id}`;
    const ready = () => page.locator('video').first().waitFor({ timeout: 30_000 });
    const cold = await loadAndRecord(page, cameraUrl, ready);
    console.log(`portal.camera_page: ${camera.name} (${cameraUrl})`);
    await report('camera_page', cold, cookieHeader);
    if (process.env.PORTAL_WEIGHT_VERBOSE === "1") for (const file of cold) console.log(`  ${file.type} ${file.url.replace(base, "")} ${kB(file.wire)} ${file.encoding}`);
    const warm = await loadAndRecord(page, cameraUrl, ready);
    const warmScripts = warm.filter((file) => file.type === 'script');
    const warmWire = warmScripts.reduce((sum, file) => sum + file.wire, 0);
    console.log(`portal.camera_page_reload.js: ${kB(warmWire)} on the wire (hashed assets from the cache)`);
    await context.close();
  } finally {
    await browser.close().catch(() => undefined);
    const stopping = server;
    server = null;
    await stopDemoServer(stopping);
  }
}

main().catch((error) => {
  console.error(`portal_weight failed: ${error.stack ?? error}`);
  if (server?.log) console.error(`argusd log tail:\n${server.log.slice(-2000)}`);
  process.exitCode = 1;
});
