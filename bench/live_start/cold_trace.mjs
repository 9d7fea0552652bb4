#!/usr/bin/env node
// Diagnostic: where a cold camera-page load spends its time (resource timing, performance marks, the live socket,
// decoder and track generator timestamps of the first-frame probe, long tasks), one line per entry.
// Usage: node bench/live_start/cold_trace.mjs [--rounds 3]
import { launchChromium, VIEWPORT } from '../live_latency/browser_paths.mjs';
import { apiGet, signIn, waitForLive } from '../live_latency/demo_session.mjs';
import { firstFrameProbeScript } from './first_frame_probe.mjs';
import { CHROMIUM_BIN } from '../support/chromium.mjs';
import { killOnExit, ROOT, startDemoServer, stopDemoServer } from '../support/demo_server.mjs';

const rounds = Number(process.argv[process.argv.indexOf('--rounds') + 1] || 3);
let server = null;
killOnExit(() => server);
server = await startDemoServer('argus-cold-trace-');
const session = await signIn(server.base, server.dataDir);
const network = (await apiGet(server.base, session.cookieHeader, '/vision/networks')).find((n) => n.name === 'Warehouse HQ');
const cameras = (await apiGet(server.base, session.cookieHeader, `/n/${network.id}/manage/vision/cameras`)).filter((c) => c.channel?.cloud_proxy_livestream_path);
for (const camera of cameras) await waitForLive(server.base, session.cookieHeader, camera.channel.cloud_proxy_livestream_path);
const browser = await launchChromium(ROOT, CHROMIUM_BIN);
const longTasks = `new PerformanceObserver((list) => { window.__long = (window.__long || []).concat(list.getEntries().map((e) => [Math.round(e.startTime), Math.round(e.duration)])); }).observe({ type: 'longtask', buffered: true });`;
for (let round = 0; round <= rounds; round += 1) {
  const context = await browser.newContext({ baseURL: server.base, viewport: VIEWPORT, locale: 'en-US' });
  await context.addCookies(session.cookies.map(({ name, value }) => ({ name, value, url: server.base })));
  await context.addInitScript({ content: firstFrameProbeScript('[data-testid="camera-viewer"] video', '[data-testid="live-boot-preview"]') + ';' + longTasks });
  const page = await context.newPage();
  await page.goto(`/n/${network.id}/cameras/${cameras[round % cameras.length].id}`, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__firstFrame.frameAt !== null, null, { timeout: 15000, polling: 50 });
  await new Promise((r) => setTimeout(r, 300));
  const data = await page.evaluate(() => ({
    frameAt: window.__firstFrame.frameAt,
    sink: window.__firstFrame.sink,
    nav: performance.getEntriesByType('navigation')[0].toJSON(),
    res: performance.getEntriesByType('resource').map((e) => [Math.round(e.startTime), Math.round(e.responseEnd), e.name.replace(location.origin, ''), e.encodedBodySize]),
    long: window.__long || [],
    marks: performance.getEntriesByType('mark').map((e) => [e.name, Math.round(e.startTime)]), sockets: window.__firstFrame.sockets, decoder: window.__firstFrame.decoder, sinkAll: window.__firstFrame.sink,
  }));
  await context.close();
  if (round === 0) continue; // the browser's processes start in the first load
  console.log(`--- round ${round}: first frame ${Math.round(data.frameAt)} ms, sink ${Math.round(data.sink?.createdAt ?? -1)}, DCL ${Math.round(data.nav.domContentLoadedEventEnd)}, response end ${Math.round(data.nav.responseEnd)}`);
  for (const [start, end, name, size] of data.res) console.log(`  res ${String(start).padStart(5)} → ${String(end).padStart(5)}  ${size}\t${name}`);
  console.log("  marks " + JSON.stringify(data.marks)); console.log("  sockets " + JSON.stringify(data.sockets) + " decoder " + JSON.stringify(data.decoder) + " sink " + JSON.stringify(data.sinkAll)); console.log(`  long tasks: ${data.long.map(([s, d]) => `${s}+${d}`).join(' ')}`);
  for (const [name, at] of data.marks) console.log(`  mark ${at} ${name}`);
}
await browser.close();
await stopDemoServer(server);
server = null;
