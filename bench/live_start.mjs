#!/usr/bin/env node
// Time to the first live frame (issue 18 item 2): targets <= 400 ms on a cold page load of a camera page, <= 250 ms
// when switching cameras in the app.
//
// Starts `build/bin/argusd --demo --web-root web/dist` (fresh data dir, free loopback port; the demo's camsim cameras),
// signs in as the demo org admin and waits until every camera of Warehouse HQ with a live path serves live. Then, in
// headless Debian Chromium, for each transport (frames — the portal's default, checked on the element —, ws, hls; the
// last two forced with ?transport=, which the camera list keeps when switching):
//   cold   — N rounds, each in a fresh browser context (empty cache, session cookie set): navigation to the camera page
//            (the cameras in turn); time = the first live frame on screen, in ms since the navigation start (time
//            origin): the boot preview's (docs/design/live.md "Boot preview": its worker's animation frame after the
//            first draw, data-first-frame-at) or the viewer's <video>'s (presentationTime, requestVideoFrameCallback;
//            where it never fires, the animation frame at which getVideoPlaybackQuality().totalVideoFrames moves),
//            whichever came first; the viewer's own first frame is printed too (viewer_first_frame_ms);
//   switch — one page on the camera page; N rounds of a click on the next camera in the side panel's list, from the
//            click event's timeStamp to the first frame of the new camera (a new <video>, or a new srcObject /
//            currentSrc). The previous camera plays for --settle-ms before each click.
// The probe (live_start/first_frame_probe.mjs) is an init script of the page. With --steps the bench also prints where
// the time went (p50 of each step: app work before the live request, live request → first media byte, first media byte
// → frame presented; socket open and first text message), from the probe's socket timestamps and resource timing.
// One figure per line, targets in parentheses; it asserts nothing. A case with no frame within 15 s counts as a miss
// (printed, left out of the percentiles).
//
// Usage: node bench/live_start.mjs [--rounds 10] [--transports frames,ws,hls] [--cases cold,switch]
//          [--settle-ms 1500] [--steps]
// Env: ARGUSD_BIN, ARGUS_WEB_ROOT, CHROMIUM_BIN.
import { existsSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { launchChromium, VIEWPORT } from './live_latency/browser_paths.mjs';
import { apiGet, signIn, waitForLive } from './live_latency/demo_session.mjs';
import { fmt, percentile, sleep } from './live_latency/util.mjs';
import { firstFrameProbeScript } from './live_start/first_frame_probe.mjs';
import { pageSteps, stepsOf } from './live_start/steps.mjs';
import { CHROMIUM_BIN } from './support/chromium.mjs';
import { killOnExit, ROOT, startDemoServer, stopDemoServer } from './support/demo_server.mjs';

const TARGET_MS = { cold: 400, switch: 250 };
const TRANSPORTS = ['frames', 'ws', 'hls'];
const CASES = ['cold', 'switch'];
const FRAME_TIMEOUT_MS = 15_000;
const NETWORK_NAME = 'Warehouse HQ';
const VIDEO = '[data-testid="camera-viewer"] video';
const BOOT_PREVIEW = '[data-testid="live-boot-preview"]';

function readOptions(args) {
  const { values } = parseArgs({
    args,
    options: {
      rounds: { type: 'string', default: '10' },
      transports: { type: 'string', default: TRANSPORTS.join(',') },
      cases: { type: 'string', default: CASES.join(',') },
      'settle-ms': { type: 'string', default: '1500' },
      steps: { type: 'boolean', default: false },
    },
  });
  const list = (name, allowed) => {
    const items = values[name].split(',').filter(Boolean);
    const unknown = items.find((item) => !allowed.includes(item));
    if (unknown || items.length === 0) throw new Error(`--${name} ${values[name]}: expected some of ${allowed.join(',')}`);
    return items;
  };
  const integer = (name, min, max) => {
    const value = Number(values[name]);
    if (!Number.isInteger(value) || value < min || value > max) throw new Error(`--${name} ${values[name]}: expected an integer from ${min} to ${max}`);
    return value;
  };
  return {
    rounds: integer('rounds', 1, 1000),
    transports: list('transports', TRANSPORTS),
    cases: list('cases', CASES),
    settleMs: integer('settle-ms', 0, 60_000),
    steps: values.steps,
  };
}

let options;
try {
  options = readOptions(process.argv.slice(2));
} catch (error) {
  console.error(`live_start: ${error.message}`);
  process.exit(2);
}

let server = null;
let browser = null;
killOnExit(() => server);
async function stopAll() {
  if (browser) await browser.close().catch(() => undefined);
  browser = null;
  if (server) await stopDemoServer(server);
  server = null;
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    stopAll().finally(() => process.exit(128 + (os.constants.signals[signal] ?? 1)));
  });
}

/** Warehouse HQ and its single-imager cameras that serve live (at least two, to switch between), in id order. */
async function liveCameras(base, cookieHeader) {
  const network = (await apiGet(base, cookieHeader, '/vision/networks')).find((entry) => entry.name === NETWORK_NAME);
  if (!network) throw new Error(`no network ${NETWORK_NAME} in the demo`);
  const cameras = (await apiGet(base, cookieHeader, `/n/${network.id}/manage/vision/cameras`))
    // A multi-imager camera's page is a wall of its imagers, not the single viewer the probe watches.
    .filter((camera) => camera.channel?.cloud_proxy_livestream_path && !(camera.imager_count > 1))
    .sort((a, b) => a.id - b.id);
  for (const camera of cameras) await waitForLive(base, cookieHeader, camera.channel.cloud_proxy_livestream_path);
  if (cameras.length < 2) throw new Error(`${NETWORK_NAME} has ${cameras.length} live camera(s); switching needs 2`);
  return { network, cameras };
}

function cameraUrl(network, camera, transport) {
  return `/n/${network.id}/cameras/${camera.id}${transport === 'frames' ? '' : `?transport=${transport}`}`;
}

async function newContext(session) {
  const context = await browser.newContext({ baseURL: server.base, viewport: VIEWPORT, locale: 'en-US' });
  await context.addCookies(session.cookies.map(({ name, value }) => ({ name, value, url: server.base })));
  await context.addInitScript({ content: firstFrameProbeScript(VIDEO, BOOT_PREVIEW) });
  return context;
}

/** Waits for the probe's first frame; { ms, transport, steps } from `fromMs` (page clock), or null after the timeout. */
async function firstFrame(page, fromMs) {
  const shown = await page
    .waitForFunction(() => window.__firstFrame.frameAt !== null, null, { timeout: FRAME_TIMEOUT_MS, polling: 50 })
    .then(() => true)
    .catch(() => false);
  if (!shown) return null;
  const probe = await page.evaluate(() => ({ ...window.__firstFrame }));
  const steps = options.steps ? stepsOf(await page.evaluate(pageSteps, fromMs), fromMs) : null;
  // What the user sees first: the boot preview's live picture (cold loads on frames) or the viewer's.
  const firstAt = probe.bootFrameAt === null ? probe.frameAt : Math.min(probe.bootFrameAt, probe.frameAt);
  return {
    ms: firstAt - fromMs,
    viewerMs: probe.frameAt - fromMs,
    boot: probe.bootFrameAt !== null,
    transport: probe.transport,
    method: probe.method,
    steps,
  };
}

async function coldRound(session, network, camera, transport) {
  const context = await newContext(session);
  try {
    const page = await context.newPage();
    await page.goto(cameraUrl(network, camera, transport), { waitUntil: 'commit' });
    return await firstFrame(page, 0);
  } finally {
    await context.close().catch(() => undefined);
  }
}

async function switchRounds(session, network, cameras, transport, rounds) {
  const context = await newContext(session);
  const results = [];
  try {
    const page = await context.newPage();
    await page.goto(cameraUrl(network, cameras[0], transport));
    if (!(await firstFrame(page, 0))) throw new Error(`switch/${transport}: the first camera shows no frame`);
    for (let round = 0; round < rounds; round += 1) {
      const next = cameras[(round + 1) % cameras.length];
      await sleep(options.settleMs);
      await page.evaluate(() => window.__firstFrame.arm());
      await page.click(`[data-testid="camera-list-item-${next.id}"]`);
      const clickAt = await page.evaluate(() => window.__firstFrame.clickAt);
      const result = clickAt === null ? null : await firstFrame(page, clickAt);
      results.push(result);
      if (!result) await page.goto(cameraUrl(network, next, transport)); // start the next round from a playing camera
    }
  } finally {
    await context.close().catch(() => undefined);
  }
  return results;
}

function printCase(name, transport, results, loadAverage) {
  const prefix = `live_start.${name}.${transport}`;
  const shown = results.filter(Boolean);
  const ms = shown.map((result) => result.ms);
  const wrong = shown.filter((result) => result.transport !== transport).map((result) => result.transport);
  const target = `target <= ${TARGET_MS[name]}`;
  console.log(`${prefix}.rounds: ${results.length}   missed: ${results.length - shown.length}   (no frame within ${FRAME_TIMEOUT_MS / 1000} s)`);
  console.log(`${prefix}.first_frame_ms.p50: ${fmt(percentile(ms, 50))}   (${target})`);
  console.log(`${prefix}.first_frame_ms.p90: ${fmt(percentile(ms, 90))}   (${target})`);
  console.log(`${prefix}.first_frame_ms.max: ${fmt(ms.length ? Math.max(...ms) : NaN)}`);
  const previewed = shown.filter((result) => result.boot).length;
  if (previewed) {
    const viewerMs = shown.map((result) => result.viewerMs);
    console.log(`${prefix}.boot_preview_rounds: ${previewed} of ${shown.length}   (the first frame was the boot preview's)`);
    console.log(
      `${prefix}.viewer_first_frame_ms.p50: ${fmt(percentile(viewerMs, 50))}   p90: ${fmt(percentile(viewerMs, 90))}` +
        `   (the viewer's own <video>, after the app rendered the page)`,
    );
  }
  if (wrong.length) console.log(`${prefix}.other_transport: ${wrong.join(',')}   (the video said another data-transport)`);
  if (options.steps && shown.length) {
    const step = (key) => fmt(percentile(shown.map((result) => result.steps?.[key]).filter((value) => value !== null && value !== undefined), 50));
    console.log(
      `${prefix}.steps_ms.p50: app ${step('app')}, live request → media ${step('connect')}, media → presented ${step('show')}` +
        `, socket open ${step('socketOpen')}, first text ${step('firstText')}` +
        (transport === 'frames'
          ? `, join chunks decoded ${step('joinChunks')}, first decode → presented ${step('decode')}` +
            `, track generator made at ${step('sinkMade')}, first write → presented ${step('written')}`
          : '') +
        `   (method ${shown[0].method})`,
    );
  }
  console.log(`${prefix}.load_average_1m: ${loadAverage.toFixed(1)}   (${os.cpus().length} cores; above that, other work skews the figures)`);
}

async function main() {
  if (!existsSync(CHROMIUM_BIN)) {
    console.log(`live_start: skipped: chromium not found at ${CHROMIUM_BIN} (set CHROMIUM_BIN)`);
    return;
  }
  server = await startDemoServer('argus-live-start-');
  const session = await signIn(server.base, server.dataDir);
  const { network, cameras } = await liveCameras(server.base, session.cookieHeader);
  console.log(`live_start.cameras: ${cameras.length} live cameras of ${NETWORK_NAME} (demo camsim), ${options.rounds} rounds per case`);
  browser = await launchChromium(ROOT, CHROMIUM_BIN);
  // One unmeasured load: the browser's first renderer, GPU and network processes start here, not in round 1.
  await coldRound(session, network, cameras[0], options.transports[0]);
  for (const transport of options.transports) {
    if (options.cases.includes('cold')) {
      const results = [];
      const missedCameras = [];
      for (let round = 0; round < options.rounds; round += 1) {
        const camera = cameras[round % cameras.length];
        const result = await coldRound(session, network, camera, transport);
        if (!result) missedCameras.push(`${camera.id} (${camera.name})`);
        results.push(result);
      }
      printCase('cold', transport, results, os.loadavg()[0]);
      if (missedCameras.length) console.log(`live_start.cold.${transport}.missed_cameras: ${missedCameras.join(', ')}`);
    }
    if (options.cases.includes('switch')) {
      printCase('switch', transport, await switchRounds(session, network, cameras, transport, options.rounds), os.loadavg()[0]);
    }
  }
}

try {
  await main();
} catch (error) {
  console.error(`live_start: ${error instanceof Error ? error.stack : error}`);
  if (server?.log) console.error(`argusd log tail:\n${server.log.slice(-2000)}`);
  process.exitCode = 1;
} finally {
  await stopAll();
}
