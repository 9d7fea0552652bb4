#!/usr/bin/env node
// A wall of live viewers in one Chromium page (issue 18 item 3, ahead of the walls of a later issue): browser CPU and
// argusd CPU for 16 simultaneous low-latency viewers.
//
// 1. Builds a temporary web root: a copy of the built portal (web/dist) plus the bench-only wall page
//    (web/bench/live-wall, its own Vite config; never part of web/dist): N tiles in a grid, each the portal's own
//    VideoPlayer (default transport choice: frames where WebCodecs is, like the camera page) with the viewer's stall
//    watch and offline retry, on one camera's sub-stream (camsim: 640x360).
// 2. Starts `build/bin/argusd --demo --web-root <that root>` (same origin: the session cookie and the WebSocket Origin
//    check work), signs in as the demo org admin, and makes N cameras that stream: the demo's camsim cameras and,
//    for more, argus cameras added on the same camsim streams (each with its own ingest, recording and live hub
//    stream, as an N-camera site).
// 3. argusd CPU over --baseline-seconds with no viewer (recording the N cameras), then in headless Debian Chromium the
//    wall page: time until every tile showed a frame, a warm-up, then --seconds of measurement: frames presented per
//    second per tile (requestVideoFrameCallback; min and median over the tiles), freezes (no new frame for more than
//    300 ms on a tile, also from the window's start to its first frame and from its last frame to the end), players
//    recreated, Chromium CPU (all its processes) and argusd CPU from /proc, in % of one core.
// One figure per line; asserts nothing.
//
// Usage: node bench/live_wall.mjs [--seconds 60] [--warmup-seconds 4] [--baseline-seconds 10] [--tiles 16]
//          [--stream sub|main] [--transport auto|frames|ws|hls]
// Env: ARGUSD_BIN, ARGUS_WEB_ROOT (the built portal to copy), CHROMIUM_BIN.
import { existsSync, rmSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { launchChromium } from './live_latency/browser_paths.mjs';
import { signIn } from './live_latency/demo_session.mjs';
import { chromiumPids, cpuWindow } from './live_latency/processes.mjs';
import { fmt, percentile, sleep } from './live_latency/util.mjs';
import { buildWebRoot, WALL_PATH, wallCameras } from './live_wall/wall_setup.mjs';
import { CHROMIUM_BIN } from './support/chromium.mjs';
import { killOnExit, ROOT, startDemoServer, stopDemoServer } from './support/demo_server.mjs';

const FREEZE_MS = 300;
const START_TIMEOUT_MS = 60_000;
const VIEWPORT = { width: 1280, height: 720 };

function readOptions(args) {
  const { values } = parseArgs({
    args,
    options: {
      seconds: { type: 'string', default: '60' },
      'warmup-seconds': { type: 'string', default: '4' },
      'baseline-seconds': { type: 'string', default: '10' },
      tiles: { type: 'string', default: '16' },
      stream: { type: 'string', default: 'sub' },
      transport: { type: 'string', default: 'auto' },
    },
  });
  const number = (name, min, max) => {
    const value = Number(values[name]);
    if (values[name] === '' || !Number.isFinite(value) || value < min || value > max) {
      throw new Error(`--${name} ${values[name]}: expected a number from ${min} to ${max}`);
    }
    return value;
  };
  if (!['sub', 'main'].includes(values.stream)) throw new Error(`--stream ${values.stream}: expected sub or main`);
  if (!['auto', 'frames', 'ws', 'hls'].includes(values.transport)) throw new Error(`--transport ${values.transport}: expected auto, frames, ws or hls`);
  return {
    seconds: number('seconds', 1, 3600),
    warmupSeconds: number('warmup-seconds', 0, 600),
    baselineSeconds: number('baseline-seconds', 0, 600),
    tiles: Math.round(number('tiles', 1, 64)),
    stream: values.stream,
    transport: values.transport,
  };
}

let options;
try {
  options = readOptions(process.argv.slice(2));
} catch (error) {
  console.error(`live_wall: ${error.message}`);
  process.exit(2);
}

let server = null;
let browser = null;
let webRoot = null;
killOnExit(() => server);
async function stopAll() {
  if (browser) await browser.close().catch(() => undefined);
  browser = null;
  if (server) await stopDemoServer(server);
  server = null;
  if (webRoot) rmSync(webRoot, { recursive: true, force: true });
  webRoot = null;
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    stopAll().finally(() => process.exit(128 + (os.constants.signals[signal] ?? 1)));
  });
}

/** Per tile: frames presented per second and freezes over the window [startMs, endMs] (page clock). */
function tileFigures({ times, presented }, startMs, endMs) {
  const shown = times.filter((time) => time >= startMs && time <= endMs);
  const edges = [startMs, ...shown, endMs];
  const gaps = edges.slice(1).map((time, i) => time - edges[i]).filter((gap) => gap > FREEZE_MS);
  return { fps: presented / ((endMs - startMs) / 1000), freezes: gaps.length, longestFreezeMs: gaps.length ? Math.max(...gaps) : 0 };
}

function countBy(values) {
  const counts = new Map();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].map(([value, count]) => `${value || 'none'} x${count}`).join(', ');
}

async function main() {
  if (!existsSync(CHROMIUM_BIN)) {
    console.log(`live_wall: skipped: chromium not found at ${CHROMIUM_BIN} (set CHROMIUM_BIN)`);
    return;
  }
  webRoot = buildWebRoot();
  server = await startDemoServer('argus-live-wall-', { logLevel: 'info', webRoot });
  const session = await signIn(server.base, server.dataDir);
  const { cameras, added } = await wallCameras(server.base, session, server.head, options.tiles, options.stream);
  console.log(
    `live_wall.setup: ${options.tiles} tiles, ${options.stream} stream, transport ${options.transport}; cameras ${cameras.map((camera) => camera.id).join(',')} (${added} added on the demo camsim's streams)`,
  );

  const argusdBaseline = cpuWindow(() => [server.child.pid]);
  await sleep(options.baselineSeconds * 1000);
  const baselinePct = options.baselineSeconds > 0 ? argusdBaseline.stop() : NaN;

  browser = await launchChromium(ROOT, CHROMIUM_BIN);
  const context = await browser.newContext({ baseURL: server.base, viewport: VIEWPORT, locale: 'en-US' });
  await context.addCookies(session.cookies.map(({ name, value }) => ({ name, value, url: server.base })));
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const query = `?cameras=${cameras.map((camera) => camera.id).join(',')}&stream=${options.stream}&transport=${options.transport}`;
  await page.goto(`${WALL_PATH}${query}`);
  const allShowing = await page
    .waitForFunction(
      (tiles) => {
        const wall = window.__wall;
        if (document.getElementById('wall')?.dataset.error) return 'error';
        return wall && wall.tiles.length === tiles && wall.tiles.every((tile) => tile.times.length > 0) ? performance.now() : false;
      },
      options.tiles,
      { timeout: START_TIMEOUT_MS, polling: 50 },
    )
    .then((handle) => handle.jsonValue())
    .catch(() => null);
  if (allShowing === 'error' || allShowing === null) {
    const why = await page.evaluate(() => document.getElementById('wall')?.dataset.error ?? '');
    const report = await page.evaluate(() => window.__wall?.report().map((tile) => `${tile.cameraId}:${tile.transport}:${tile.times.length}`));
    throw new Error(`not every tile showed a frame within ${START_TIMEOUT_MS / 1000} s (${why || JSON.stringify(report)}; page errors: ${pageErrors.slice(0, 3).join(' | ')})`);
  }
  console.log(`live_wall.all_tiles_showing_ms: ${fmt(allShowing)}   (navigation start to the last tile's first frame)`);
  await sleep(options.warmupSeconds * 1000);

  const startMs = await page.evaluate(() => {
    window.__wall.reset();
    return performance.now();
  });
  const cpu = { chromium: cpuWindow(chromiumPids), argusd: cpuWindow(() => [server.child.pid]) };
  await sleep(options.seconds * 1000);
  const chromiumPct = cpu.chromium.stop();
  const argusdPct = cpu.argusd.stop();
  const loadAverage = os.loadavg()[0];
  const { endMs, tiles } = await page.evaluate(() => ({ endMs: performance.now(), tiles: window.__wall.report() }));

  const figures = tiles.map((tile) => tileFigures(tile, startMs, endMs));
  const fps = figures.map((figure) => figure.fps);
  const freezes = figures.reduce((sum, figure) => sum + figure.freezes, 0);
  console.log(`live_wall.tiles: ${tiles.length}   transports: ${countBy(tiles.map((tile) => tile.transport))}; video ${countBy(tiles.map((tile) => tile.size))}`);
  console.log(`live_wall.frames_shown_per_s.min: ${Math.min(...fps).toFixed(1)}   (per tile, ${options.seconds} s)`);
  console.log(`live_wall.frames_shown_per_s.median: ${percentile(fps, 50).toFixed(1)}   (each tile: ${fps.map((value) => value.toFixed(1)).join(' ')})`);
  console.log(
    `live_wall.freezes_over_${FREEZE_MS}ms: ${freezes}   tiles with freezes: ${figures.filter((figure) => figure.freezes > 0).length}, longest_ms: ${fmt(Math.max(0, ...figures.map((figure) => figure.longestFreezeMs)))}`,
  );
  console.log(`live_wall.players_recreated: ${tiles.reduce((sum, tile) => sum + tile.restarts, 0)}   (errors, offline, stalls; whole run)`);
  console.log(`live_wall.chromium_cpu_pct: ${chromiumPct.toFixed(1)}   (% of one core, all Chromium processes)`);
  console.log(`live_wall.argusd_cpu_pct: ${argusdPct.toFixed(1)}   (without viewers: ${Number.isFinite(baselinePct) ? baselinePct.toFixed(1) : 'n/a'}; ingest, recording and motion of ${options.tiles} cameras)`);
  console.log(`live_wall.load_average_1m: ${loadAverage.toFixed(1)}   (${os.cpus().length} cores; above that, other work skews the figures)`);
  if (pageErrors.length) console.error(`live_wall: page errors: ${pageErrors.slice(0, 3).join(' | ')}`);
}

try {
  await main();
} catch (error) {
  console.error(`live_wall: ${error instanceof Error ? error.stack : error}`);
  if (server?.log) console.error(`argusd log tail:\n${server.log.slice(-2000)}`);
  process.exitCode = 1;
} finally {
  await stopAll();
}
