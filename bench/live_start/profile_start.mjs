#!/usr/bin/env node
// Diagnostic: the renderer's CPU profile of a camera switch and of a cold camera-page load, top functions by self
// time and by total time (CDP Profiler, 100 µs sampling). Usage: node bench/live_start/profile_start.mjs [--case switch|cold]
import { launchChromium, VIEWPORT } from '../live_latency/browser_paths.mjs';
import { apiGet, signIn, waitForLive } from '../live_latency/demo_session.mjs';
import { firstFrameProbeScript } from './first_frame_probe.mjs';
import { CHROMIUM_BIN } from '../support/chromium.mjs';
import { killOnExit, ROOT, startDemoServer, stopDemoServer } from '../support/demo_server.mjs';

const which = process.argv.includes('cold') ? 'cold' : 'switch';
let server = null;
killOnExit(() => server);
server = await startDemoServer('argus-profile-');
const session = await signIn(server.base, server.dataDir);
const network = (await apiGet(server.base, session.cookieHeader, '/vision/networks')).find((n) => n.name === 'Warehouse HQ');
const cameras = (await apiGet(server.base, session.cookieHeader, `/n/${network.id}/manage/vision/cameras`)).filter((c) => c.channel?.cloud_proxy_livestream_path).sort((a, b) => a.id - b.id);
for (const camera of cameras) await waitForLive(server.base, session.cookieHeader, camera.channel.cloud_proxy_livestream_path);
const browser = await launchChromium(ROOT, CHROMIUM_BIN);
const url = (camera) => `/n/${network.id}/cameras/${camera.id}`;

function summarize(profile, label) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map();
  const total = new Map();
  const dt = profile.timeDeltas;
  profile.samples.forEach((id, index) => {
    const ms = (dt[index + 1] ?? 0) / 1000;
    const name = (node) => `${node.callFrame.functionName || '(anon)'} ${node.callFrame.url.split('/').pop()}:${node.callFrame.lineNumber}`;
    const node = nodes.get(id);
    self.set(name(node), (self.get(name(node)) ?? 0) + ms);
    const seen = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const key = name(nodes.get(cur));
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + ms);
    }
  });
  const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `  ${v.toFixed(1).padStart(7)} ms  ${k}`).join('\n');
  console.log(`=== ${label}: self\n${top(self, 35)}\n=== ${label}: total\n${top(total, 45)}`);
}

for (let round = 0; round < 3; round += 1) {
  const context = await browser.newContext({ baseURL: server.base, viewport: VIEWPORT, locale: 'en-US' });
  await context.addCookies(session.cookies.map(({ name, value }) => ({ name, value, url: server.base })));
  await context.addInitScript({ content: firstFrameProbeScript('[data-testid="camera-viewer"] video') });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  if (which === 'cold') {
    await cdp.send('Profiler.start');
    await page.goto(url(cameras[round % cameras.length]), { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__firstFrame.frameAt !== null, null, { timeout: 15000, polling: 50 });
    const frameAt = await page.evaluate(() => window.__firstFrame.frameAt);
    const { profile } = await cdp.send('Profiler.stop');
    if (round > 0) summarize(profile, `cold round ${round}, first frame ${Math.round(frameAt)} ms`);
  } else {
    await page.goto(url(cameras[0]));
    await page.waitForFunction(() => window.__firstFrame.frameAt !== null, null, { timeout: 15000, polling: 50 });
    await new Promise((r) => setTimeout(r, 1500));
    await page.evaluate(() => window.__firstFrame.arm());
    await cdp.send('Profiler.start');
    await page.click(`[data-testid="camera-list-item-${cameras[1 + round].id}"]`);
    await page.waitForFunction(() => window.__firstFrame.frameAt !== null, null, { timeout: 15000, polling: 50 });
    const { frameAt, clickAt } = await page.evaluate(() => ({ ...window.__firstFrame }));
    const { profile } = await cdp.send('Profiler.stop');
    summarize(profile, `switch round ${round}, first frame ${Math.round(frameAt - clickAt)} ms after the click`);
  }
  await context.close();
}
await browser.close();
await stopDemoServer(server);
server = null;
