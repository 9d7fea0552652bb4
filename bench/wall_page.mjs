#!/usr/bin/env node
// The portal's own wall page with a 16-tile wall (issue 9 benchmark): time from the page load to the last tile's first
// frame, Chromium CPU and argusd CPU while the wall plays, frames shown per tile, on the sub-streams (the wall's
// default) and, with --stream main, on the main streams for comparison.
//
// 1. Starts `build/bin/argusd --demo` serving the built portal (web/dist), signs in as the demo org admin, makes
//    `--tiles` cameras that stream (bench/live_wall/wall_setup) and creates a wall of them through the API (7x7 tiles
//    on the editor's 28-column grid, 4 per row).
// 2. argusd CPU over --baseline-seconds with no viewer.
// 3. --loads times, each in a fresh browser context (empty cache, session cookie set): opens
//    /n/{networkId}/video-walls/{wallId} and notes when every tile's <video> presented its first frame
//    (requestVideoFrameCallback, ms since the navigation start) and its first live frame (captured at most 500 ms
//    before it was presented: `last_tile_live` in the breakdown). The first load only starts Chromium's processes and
//    is not counted. The last load then plays for --seconds: Chromium CPU (all its processes), argusd CPU, frames shown
//    per second per tile (min, median) and freezes over 300 ms. One figure per line; asserts nothing.
//
// Usage: node bench/wall_page.mjs [--tiles 16] [--stream sub|main] [--seconds 60] [--loads 4] [--baseline-seconds 10]
// Env: ARGUSD_BIN, ARGUS_WEB_ROOT (the built portal), CHROMIUM_BIN.
import { existsSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { launchChromium } from './live_latency/browser_paths.mjs';
import { apiSend, signIn } from './live_latency/demo_session.mjs';
import { chromiumPids, cpuWindow } from './live_latency/processes.mjs';
import { fmt, percentile, sleep } from './live_latency/util.mjs';
import { wallCameras } from './live_wall/wall_setup.mjs';
import { CHROMIUM_BIN } from './support/chromium.mjs';
import { optionsOrExit, stopOnSignals, wholeNumberOption } from './support/bench_cli.mjs';
import { killOnExit, ROOT, startDemoServer, stopDemoServer } from './support/demo_server.mjs';

const FREEZE_MS = 300;
const LIVE_AGE_MS = 500;
const START_TIMEOUT_MS = 30_000;
const VIEWPORT = { width: 1600, height: 900 };
const TILE_SIZE = 7;
const PER_ROW = 4;

function readOptions(args) {
  const { values } = parseArgs({
    args,
    options: {
      tiles: { type: 'string', default: '16' },
      stream: { type: 'string', default: 'sub' },
      seconds: { type: 'string', default: '60' },
      loads: { type: 'string', default: '4' },
      'baseline-seconds': { type: 'string', default: '10' },
    },
  });
  const number = (name, min, max) => wholeNumberOption(values, name, min, max);
  if (!['sub', 'main'].includes(values.stream)) throw new Error(`--stream ${values.stream}: expected sub or main`);
  return {
    tiles: number('tiles', 1, 16),
    stream: values.stream,
    seconds: number('seconds', 1, 3600),
    loads: number('loads', 2, 50),
    baselineSeconds: number('baseline-seconds', 0, 600),
  };
}

// Runs in the page from document start: every wall tile's <video> gets a requestVideoFrameCallback loop that notes
// its presented frames' times (page clock), keyed by the tile's camera id.
const TILE_PROBE = `(() => {
  const tiles = new Map();
  const watched = new WeakSet();
  window.__wallTiles = { tiles, reset() { for (const tile of tiles.values()) tile.times = []; } };
  // When each live socket was made and opened (page clock): where the start goes (see startBreakdown).
  const sockets = [];
  window.__wallSockets = sockets;
  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class extends NativeWebSocket {
    constructor(...args) {
      super(...args);
      const entry = { url: String(args[0]), created: performance.now(), opened: null };
      sockets.push(entry);
      this.addEventListener('open', () => { entry.opened = performance.now(); }, { once: true });
    }
  };
  const watch = () => {
    requestAnimationFrame(watch);
    for (const video of document.querySelectorAll('[data-testid="wall-tile-video"]')) {
      if (watched.has(video)) continue;
      watched.add(video);
      const id = video.closest('[data-testid="wall-tile"]')?.dataset.cameraId ?? String(tiles.size);
      const tile = tiles.get(id) ?? { first: null, live: null, times: [] };
      tiles.set(id, tile);
      const onFrame = (_now, metadata) => {
        if (tile.first === null) tile.first = metadata.presentationTime;
        // Live: the frame on screen was captured at most LIVE_AGE_MS before (the frames player notes its wall-clock
        // time on the element; a join's keyframe shown before the decoder caught up is older).
        const wallMs = Number(video.dataset.frameWallMs);
        const ageMs = performance.timeOrigin + metadata.presentationTime - wallMs;
        if (tile.live === null && Number.isFinite(wallMs) && wallMs > 0 && ageMs <= ${LIVE_AGE_MS}) tile.live = metadata.presentationTime;
        tile.times.push(metadata.presentationTime);
        video.requestVideoFrameCallback(onFrame);
      };
      video.requestVideoFrameCallback(onFrame);
    }
  };
  requestAnimationFrame(watch);
})();`;

const options = optionsOrExit('wall_page', readOptions);

let server = null;
let browser = null;
killOnExit(() => server);
async function stopAll() {
  if (browser) await browser.close().catch(() => undefined);
  browser = null;
  if (server) await stopDemoServer(server);
  server = null;
}
stopOnSignals(stopAll);

async function createWall(base, session, networkId, cameras) {
  const tiles = cameras.map((camera, i) => ({
    x: (i % PER_ROW) * TILE_SIZE,
    y: Math.floor(i / PER_ROW) * TILE_SIZE,
    w: TILE_SIZE,
    h: TILE_SIZE,
    video_channel_id: camera.channel.id,
  }));
  return apiSend(base, session, 'POST', `/n/${networkId}/manage/vision/walls`, { name: `Bench wall ${cameras.length}`, tiles });
}

/** Opens the wall in a fresh context; resolves { context, page, lastFirstFrameMs } once every tile showed a frame. */
async function openWall(session, path, tiles) {
  const context = await browser.newContext({ baseURL: server.base, viewport: VIEWPORT, locale: 'en-US' });
  await context.addCookies(session.cookies.map(({ name, value }) => ({ name, value, url: server.base })));
  await context.addInitScript({ content: TILE_PROBE });
  const page = await context.newPage();
  await page.goto(path, { waitUntil: 'commit' });
  const lastFirstFrameMs = await page
    .waitForFunction(
      (count) => {
        const all = [...window.__wallTiles.tiles.values()];
        return all.length >= count && all.every((tile) => tile.first !== null) ? Math.max(...all.map((tile) => tile.first)) : false;
      },
      tiles,
      { timeout: START_TIMEOUT_MS, polling: 50 },
    )
    .then((handle) => handle.jsonValue())
    .catch(() => null);
  if (lastFirstFrameMs === null) {
    const seen = await page.evaluate(() => [...window.__wallTiles.tiles].map(([id, tile]) => `${id}:${tile.first === null ? '-' : Math.round(tile.first)}`));
    throw new Error(`not every tile showed a frame within ${START_TIMEOUT_MS / 1000} s (${seen.join(' ')})`);
  }
  // Every tile live too (or 10 s more): a tile may show its join's keyframe before its decoder caught up.
  await page
    .waitForFunction(() => [...window.__wallTiles.tiles.values()].every((tile) => tile.live !== null), null, { timeout: 10_000, polling: 50 })
    .catch(() => undefined);
  const breakdown = await page.evaluate(startBreakdown);
  return { context, page, lastFirstFrameMs, breakdown };
}

// In the page: milestones of the start (ms since navigation start): the app's entry script and the wall page's
// chunk downloaded, the wall list answered, the first and last live socket made and opened, the first tile's frame.
function startBreakdown() {
  const resources = performance.getEntriesByType('resource');
  const ended = (match) => {
    const times = resources.filter((entry) => match(entry.name)).map((entry) => entry.responseEnd);
    return times.length ? Math.max(...times) : null;
  };
  // A tile's own socket (`…/live/{stream}/frames|ws`) or the wall's shared one (`/n{shard}/live/frames`).
  const sockets = window.__wallSockets.filter((socket) => /\/live\/([^/]+\/)?(frames|ws)$/.test(new URL(socket.url).pathname));
  const created = sockets.map((socket) => socket.created);
  const opened = sockets.map((socket) => socket.opened).filter((time) => time !== null);
  const firsts = [...window.__wallTiles.tiles.values()].map((tile) => tile.first).filter((time) => time !== null);
  const lives = [...window.__wallTiles.tiles.values()].map((tile) => tile.live).filter((time) => time !== null);
  return {
    dom_content_loaded: performance.getEntriesByType('navigation')[0]?.domContentLoadedEventEnd ?? null,
    scripts_downloaded: ended((name) => name.endsWith('.js')),
    wall_list: ended((name) => /\/manage\/vision\/walls(\?|$)/.test(name)),
    live_sockets: sockets.length,
    first_socket_made: created.length ? Math.min(...created) : null,
    last_socket_made: created.length ? Math.max(...created) : null,
    last_socket_open: opened.length ? Math.max(...opened) : null,
    first_tile_frame: firsts.length ? Math.min(...firsts) : null,
    last_tile_frame: firsts.length ? Math.max(...firsts) : null,
    last_tile_live: lives.length === firsts.length && lives.length ? Math.max(...lives) : null,
  };
}

function tileFigures(times, startMs, endMs) {
  const edges = [startMs, ...times.filter((time) => time >= startMs && time <= endMs), endMs];
  const gaps = edges.slice(1).map((time, i) => time - edges[i]).filter((gap) => gap > FREEZE_MS);
  return { fps: (edges.length - 2) / ((endMs - startMs) / 1000), freezes: gaps.length };
}

async function main() {
  if (!existsSync(CHROMIUM_BIN)) {
    console.log(`wall_page: skipped: chromium not found at ${CHROMIUM_BIN} (set CHROMIUM_BIN)`);
    return;
  }
  server = await startDemoServer('argus-wall-page-', { logLevel: 'info' });
  const session = await signIn(server.base, server.dataDir);
  const { cameras, added } = await wallCameras(server.base, session, server.head, options.tiles, options.stream);
  const networkId = cameras[0].network.id;
  const wall = await createWall(server.base, session, networkId, cameras);
  const query = options.stream === 'main' ? '?stream=main' : '';
  const path = `/n/${networkId}/video-walls/${wall.id}${query}`;
  console.log(`wall_page.setup: wall ${wall.id} of ${options.tiles} tiles (${added} cameras added), ${options.stream} streams, ${path}`);

  const baseline = cpuWindow(() => [server.child.pid]);
  await sleep(options.baselineSeconds * 1000);
  const baselinePct = options.baselineSeconds > 0 ? baseline.stop() : NaN;

  browser = await launchChromium(ROOT, CHROMIUM_BIN);
  const starts = [];
  const breakdowns = [];
  let open = null;
  for (let load = 0; load < options.loads; load += 1) {
    if (open) await open.context.close();
    open = await openWall(session, path, options.tiles);
    if (load > 0) {
      starts.push(open.lastFirstFrameMs);
      breakdowns.push(open.breakdown);
    }
  }
  const milestones = Object.keys(breakdowns[0]).map((name) => {
    const values = breakdowns.map((breakdown) => breakdown[name]).filter((value) => value !== null);
    return `${name} ${values.length ? fmt(percentile(values, 50)) : 'n/a'}`;
  });
  console.log(`wall_page.start_breakdown_ms.p50: ${milestones.join(', ')} (ms since navigation start)`);
  console.log(
    `wall_page.last_tile_first_frame_ms.p50: ${fmt(percentile(starts, 50))}   max ${fmt(Math.max(...starts))} (${starts.map(fmt).join(' ')}; navigation start to the ${options.tiles}th tile's first frame, fresh context each; target <= 2000)`,
  );

  await sleep(3000);
  const startMs = await open.page.evaluate(() => performance.now());
  const cpu = { chromium: cpuWindow(chromiumPids), argusd: cpuWindow(() => [server.child.pid]) };
  await sleep(options.seconds * 1000);
  const chromiumPct = cpu.chromium.stop();
  const argusdPct = cpu.argusd.stop();
  const { endMs, tiles } = await open.page.evaluate(() => ({
    endMs: performance.now(),
    tiles: [...window.__wallTiles.tiles.values()].map((tile) => tile.times),
  }));
  const figures = tiles.map((times) => tileFigures(times, startMs, endMs));
  const fps = figures.map((figure) => figure.fps);
  console.log(`wall_page.frames_shown_per_s.min: ${Math.min(...fps).toFixed(1)}   median ${percentile(fps, 50).toFixed(1)} (per tile, ${options.seconds} s)`);
  console.log(`wall_page.freezes_over_${FREEZE_MS}ms: ${figures.reduce((sum, figure) => sum + figure.freezes, 0)}`);
  console.log(`wall_page.chromium_cpu_pct: ${chromiumPct.toFixed(1)}   (% of one core, all Chromium processes; target <= 100)`);
  console.log(`wall_page.argusd_cpu_pct: ${argusdPct.toFixed(1)}   (without viewers ${Number.isFinite(baselinePct) ? baselinePct.toFixed(1) : 'n/a'})`);
  console.log(`wall_page.load_average_1m: ${os.loadavg()[0].toFixed(1)}   (${os.cpus().length} cores; above that, other work skews the figures)`);
}

try {
  await main();
} catch (error) {
  console.error(`wall_page: ${error instanceof Error ? error.stack : error}`);
  if (server?.log) console.error(`argusd log tail:\n${server.log.slice(-2000)}`);
  process.exitCode = 1;
} finally {
  await stopAll();
}
