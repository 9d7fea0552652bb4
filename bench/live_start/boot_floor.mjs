#!/usr/bin/env node
// Diagnostic: the boot preview's first live frame on a cold camera-page load, with the portal's app (default) or
// without it (`--no-app`: index.html without its module scripts, so only the inline boot script, its worker and the
// browser's own start compete for the cores) — the floor the preview could reach if the app cost nothing.
// Usage: node bench/live_start/boot_floor.mjs [--rounds 10] [--no-app]
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchChromium, VIEWPORT } from '../live_latency/browser_paths.mjs';
import { apiGet, signIn, waitForLive } from '../live_latency/demo_session.mjs';
import { percentile } from '../live_latency/util.mjs';
import { CHROMIUM_BIN } from '../support/chromium.mjs';
import { killOnExit, ROOT, startDemoServer, stopDemoServer, WEB_ROOT } from '../support/demo_server.mjs';

const argv = process.argv.slice(2);
const rounds = Number(argv[argv.indexOf('--rounds') + 1] || 10);
const noApp = argv.includes('--no-app');
let webRoot = WEB_ROOT;
if (noApp) {
  webRoot = mkdtempSync(path.join(os.tmpdir(), 'argus-boot-floor-'));
  cpSync(WEB_ROOT, webRoot, { recursive: true });
  const html = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  writeFileSync(path.join(webRoot, 'index.html'), html.split('\n').filter((line) => !/type="module"|modulepreload/.test(line)).join('\n'));
}
let server = null;
killOnExit(() => server);
server = await startDemoServer('argus-boot-floor-', { webRoot });
const session = await signIn(server.base, server.dataDir);
const network = (await apiGet(server.base, session.cookieHeader, '/vision/networks')).find((n) => n.name === 'Warehouse HQ');
const cameras = (await apiGet(server.base, session.cookieHeader, `/n/${network.id}/manage/vision/cameras`)).filter(
  (c) => c.channel?.cloud_proxy_livestream_path && c.imager_count === 1,
);
for (const camera of cameras) await waitForLive(server.base, session.cookieHeader, camera.channel.cloud_proxy_livestream_path);
const browser = await launchChromium(ROOT, CHROMIUM_BIN);
const firsts = [];
for (let round = 0; round <= rounds; round += 1) {
  const context = await browser.newContext({ baseURL: server.base, viewport: VIEWPORT, locale: 'en-US' });
  await context.addCookies(session.cookies.map(({ name, value }) => ({ name, value, url: server.base })));
  const page = await context.newPage();
  await page.goto(`/n/${network.id}/cameras/${cameras[round % cameras.length].id}`, { waitUntil: 'commit' });
  const at = await page
    .waitForFunction(() => Number(document.querySelector('[data-testid="live-boot-preview"]')?.dataset.firstFrameAt) || false, null, { timeout: 15000, polling: 20 })
    .then((handle) => handle.jsonValue());
  await context.close();
  if (round > 0) firsts.push(at); // the browser's processes start in the first load
}
console.log(`boot_floor.first_live_frame_ms (${noApp ? 'no app' : 'with the app'}): p50 ${percentile(firsts, 50).toFixed(0)}   p90 ${percentile(firsts, 90).toFixed(0)}   (${firsts.map((v) => v.toFixed(0)).join(' ')}); load ${os.loadavg()[0].toFixed(1)}`);
await browser.close();
await stopDemoServer(server);
server = null;
if (noApp) rmSync(webRoot, { recursive: true, force: true });
