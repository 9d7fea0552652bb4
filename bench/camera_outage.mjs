#!/usr/bin/env node
// Camera outage benchmark (issue 17 item 2, "time for status to go offline and for video to resume after a camera
// outage", targets 5 s and 5 s).
//
// Starts `build/bin/argusd --demo --web-root web/dist` (fresh data dir, free loopback port), reads the demo camsim's
// control URL and which argus camera is camsim camera 0 from its start-up log, signs in as the demo org admin and
// watches that camera three ways at once:
//   - the API: `GET /n/{network}/manage/vision/cameras` every 100 ms (the camera's `status`);
//   - the live WebSocket `GET /n1/cameras/{id}/live/main/ws`: `{"type":"offline"}` messages and media fragments
//     (binary `moof` messages);
//   - Chromium (Debian's, headless) on the portal's camera page, never reloaded: an init script
//     (camera_outage/page_watch.mjs) notes when the viewer shows 'Reconnecting…' or the offline reason, and when the
//     <video>'s currentTime advances.
// Each round hangs the camera (camsim `POST /cameras/0/hang`: connection kept open, no frames), waits until all three
// saw it (at most 30 s), restores it (`POST /cameras/0/restore`), waits until all three saw it back, and prints:
//   hang → API offline, hang → WebSocket offline, hang → first visible sign on the page,
//   restore → API active, restore → first media fragment on the WebSocket, restore → video playing again on the page,
// then p50 and max of each over the rounds, with the issue's targets in parentheses. It asserts nothing; a step not seen
// within 30 s prints n/a. Without Chromium the page figures print a "skipped" line.
// Usage: node bench/camera_outage.mjs [rounds=5]   Env: ARGUSD_BIN, ARGUS_WEB_ROOT, CHROMIUM_BIN.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pageWatch } from './camera_outage/page_watch.mjs';
import { apiGet, signIn } from './live_latency/demo_session.mjs';
import { fmt, percentile, sleep } from './live_latency/util.mjs';
import { CHROMIUM_ARGS, CHROMIUM_BIN } from './support/chromium.mjs';
import { killOnExit, ROOT, startDemoServer, stopDemoServer } from './support/demo_server.mjs';
import { openWebSocket } from './support/websocket_client.mjs';

const ROUNDS = Number(process.argv[2] ?? 5);
const CAMSIM_INDEX = 0;
const STEP_TIMEOUT_MS = 30_000;
const API_POLL_MS = 100;
const RECONNECTING_TEXT = 'Reconnecting…'; // viewer.json "reconnecting" (en)
const webRequire = createRequire(path.join(ROOT, 'web', 'package.json'));

let server = null;
let browser = null;
let socket = null;
let stopping = false;

async function stopAll() {
  stopping = true;
  socket?.close();
  if (browser) await browser.close().catch(() => undefined);
  browser = null;
  if (server) await stopDemoServer(server);
  server = null;
}
killOnExit(() => server);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    stopAll().finally(() => process.exit(128 + (os.constants.signals[signal] ?? 1)));
  });
}

/** The demo camsim's control base URL and the argus camera id of camsim camera `index`, from argusd's info log. */
function demoCamsim(log, index) {
  const control = /demo: camsim serves .* control (http:\/\/\S+)/.exec(log)?.[1];
  const cameraId = new RegExp(`demo: camsim camera ${index} = argus camera (\\d+)`).exec(log)?.[1];
  if (!control || !cameraId) throw new Error(`argusd did not log the demo camsim (is build/bin/camsim built?):\n${log}`);
  return { control, cameraId: Number(cameraId) };
}

async function camsimControl(control, action) {
  const response = await fetch(`${control}/cameras/${CAMSIM_INDEX}/${action}`, { method: 'POST' });
  if (!response.ok) throw new Error(`camsim ${action} answered ${response.status}: ${await response.text()}`);
}

async function findNetwork(base, cookieHeader, cameraId) {
  for (const network of await apiGet(base, cookieHeader, '/vision/networks')) {
    const cameras = await apiGet(base, cookieHeader, `/n/${network.id}/manage/vision/cameras`);
    const camera = cameras.find((entry) => entry.id === cameraId);
    if (camera) return { network, camera };
  }
  throw new Error(`the demo admin does not see camera ${cameraId}`);
}

/** Polls the camera's API status until stopped; `events` gets {t, value} at each change. */
function watchApi(base, cookieHeader, networkId, cameraId, events) {
  let last;
  (async () => {
    while (!stopping) {
      try {
        const cameras = await apiGet(base, cookieHeader, `/n/${networkId}/manage/vision/cameras`);
        const status = cameras.find((entry) => entry.id === cameraId)?.status ?? null;
        if (status !== last) {
          last = status;
          events.push({ t: Date.now(), value: status });
        }
      } catch (error) {
        if (!stopping) console.error(`api poll: ${error.message}`);
      }
      await sleep(API_POLL_MS);
    }
  })();
}

/** Keeps a live WebSocket open (reopened 500 ms after a close); `events` gets {t, value: 'offline'|'fragment'|...}. */
async function watchWebSocket(base, cookieHeader, cameraId, events) {
  const url = `${base.replace(/^http/, 'ws')}/n1/cameras/${cameraId}/live/main/ws`;
  const open = async () => {
    socket = await openWebSocket(url, { Cookie: cookieHeader }, {
      onText: (text, t) => events.push({ t, value: JSON.parse(text).type }),
      // Media fragments start with a moof box (the init segment with ftyp); only the first of a run is noted.
      onBinary: (bytes, t) => {
        if (bytes.subarray(4, 8).toString('latin1') === 'moof' && events.at(-1)?.value !== 'fragment') {
          events.push({ t, value: 'fragment' });
        }
      },
      onClose: () => {
        events.push({ t: Date.now(), value: 'closed' });
        if (!stopping) setTimeout(() => open().catch((error) => console.error(`ws reopen: ${error.message}`)), 500);
      },
    });
  };
  await open();
}

async function openCameraPage(base, cookies, networkId, cameraId) {
  const { chromium } = webRequire('playwright-core');
  browser = await chromium.launch({ executablePath: CHROMIUM_BIN, headless: true, args: CHROMIUM_ARGS, timeout: 30_000 });
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  await context.addCookies(cookies.map(({ name, value }) => ({ name, value, url: base })));
  const page = await context.newPage();
  await page.addInitScript(pageWatch, RECONNECTING_TEXT);
  await page.goto(`/n/${networkId}/cameras/${cameraId}`);
  await page.evaluate(() => {
    window.__notReloaded = true;
  });
  return page;
}

const pageLog = async (page) => (page ? page.evaluate(() => window.__outageWatch?.log ?? []) : []);

/** Milliseconds from `since` to the first event after it that `accept`s, or NaN. */
function msTo(events, since, accept) {
  const found = events.find((event) => event.t >= since && accept(event));
  return found ? found.t - since : NaN;
}

/** Waits until `done()` answers true (checked every 100 ms) or STEP_TIMEOUT_MS passed. */
async function waitFor(done) {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  while (!(await done()) && Date.now() < deadline) await sleep(100);
}

const isOffline = (event) => event.value !== null && event.value !== 'active';
const FIGURES = [
  ['hang_to_api_offline_ms', 'target <= 5000'],
  ['hang_to_ws_offline_ms', ''],
  ['hang_to_page_sign_ms', ''],
  ['restore_to_api_active_ms', ''],
  ['restore_to_ws_fragment_ms', ''],
  ['restore_to_page_playing_ms', 'target <= 5000'],
];

async function round(control, page, api, ws) {
  const hungAt = Date.now();
  await camsimControl(control, 'hang');
  const hangFigures = async () => {
    const log = await pageLog(page);
    return {
      hang_to_api_offline_ms: msTo(api, hungAt, isOffline),
      hang_to_ws_offline_ms: msTo(ws, hungAt, (event) => event.value === 'offline'),
      hang_to_page_sign_ms: msTo(log, hungAt, (event) => event.kind === 'sign' && event.value !== null),
      sign: log.find((event) => event.t >= hungAt && event.kind === 'sign' && event.value !== null)?.text ?? 'none',
    };
  };
  const pageExpected = (value) => page === null || Number.isFinite(value);
  await waitFor(async () => {
    const seen = await hangFigures();
    return Number.isFinite(seen.hang_to_api_offline_ms) && Number.isFinite(seen.hang_to_ws_offline_ms) && pageExpected(seen.hang_to_page_sign_ms);
  });
  const hang = await hangFigures();

  const restoredAt = Date.now();
  await camsimControl(control, 'restore');
  const restoreFigures = async () => {
    const log = await pageLog(page);
    return {
      restore_to_api_active_ms: msTo(api, restoredAt, (event) => event.value === 'active'),
      restore_to_ws_fragment_ms: msTo(ws, restoredAt, (event) => event.value === 'fragment'),
      restore_to_page_playing_ms: msTo(log, restoredAt, (event) => event.kind === 'advancing' && event.value),
    };
  };
  await waitFor(async () => {
    const seen = await restoreFigures();
    return Number.isFinite(seen.restore_to_api_active_ms) && Number.isFinite(seen.restore_to_ws_fragment_ms) && pageExpected(seen.restore_to_page_playing_ms);
  });
  return { ...hang, ...(await restoreFigures()) };
}

async function main() {
  server = await startDemoServer('argus-camera-outage-', { logLevel: 'info' });
  const { control, cameraId } = demoCamsim(server.head, CAMSIM_INDEX);
  const { cookies, cookieHeader } = await signIn(server.base, server.dataDir);
  const { network, camera } = await findNetwork(server.base, cookieHeader, cameraId);
  console.log(`outage.camera: ${camera.name} (id ${cameraId}, ${network.name}; camsim camera ${CAMSIM_INDEX} at ${control})`);

  const api = [];
  const ws = [];
  watchApi(server.base, cookieHeader, network.id, cameraId, api);
  await watchWebSocket(server.base, cookieHeader, cameraId, ws);
  let page = null;
  if (existsSync(CHROMIUM_BIN)) page = await openCameraPage(server.base, cookies, network.id, cameraId);
  else console.log(`outage.page: skipped: chromium not found at ${CHROMIUM_BIN} (set CHROMIUM_BIN)`);

  // Before the first round: the camera is active, fragments flow and the page plays.
  const startedAt = Date.now();
  await waitFor(async () => {
    const log = await pageLog(page);
    return (
      api.at(-1)?.value === 'active' &&
      ws.some((event) => event.value === 'fragment') &&
      (page === null || log.findLast((event) => event.kind === 'advancing')?.value === true)
    );
  });
  if (api.at(-1)?.value !== 'active') throw new Error(`camera ${cameraId} is not active: ${JSON.stringify(api)}`);
  console.log(`outage.warm_up_ms: ${Date.now() - startedAt}`);

  const results = [];
  for (let n = 1; n <= ROUNDS; n += 1) {
    const result = await round(control, page, api, ws);
    results.push(result);
    const figures = FIGURES.map(([name]) => `${name.replace(/_ms$/, '')} ${fmt(result[name])}`).join(', ');
    console.log(`outage.round ${n} (ms): ${figures}; first sign '${result.sign}'`);
    await sleep(3_000); // playing steadily again before the next hang
  }
  for (const [name, target] of FIGURES) {
    if (page === null && name.includes('page')) continue;
    const values = results.map((result) => result[name]).filter(Number.isFinite);
    const missed = results.length - values.length;
    const suffix = `${target ? `   (${target})` : ''}${missed ? `   (${missed} of ${results.length} rounds not seen within 30 s)` : ''}`;
    console.log(`outage.${name}.p50: ${fmt(percentile(values, 50))}${suffix}`);
    console.log(`outage.${name}.max: ${fmt(values.length ? Math.max(...values) : NaN)}`);
  }
  if (page) {
    const notReloaded = await page.evaluate(() => window.__notReloaded === true);
    console.log(`outage.page_reloaded: ${notReloaded ? 'no' : 'yes'}`);
  }
}

try {
  await main();
} catch (error) {
  console.error(`camera_outage: ${error instanceof Error ? error.stack : error}`);
  if (server?.log) console.error(`argusd log tail:\n${server.log.slice(-2000)}`);
  process.exitCode = 1;
} finally {
  await stopAll();
}
