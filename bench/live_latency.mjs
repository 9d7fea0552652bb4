#!/usr/bin/env node
// Live latency benchmark (issue 3: "from a frame's arrival at ingest to its availability to a player, and camera-to-screen
// in Chromium using a timestamp the simulator embeds"; target <= 250 ms server side, <= 0.5 s end to end).
//
// camsim puts an H.264 SEI user_data_unregistered (UUID a7c3f0d2-5e1b-4c8a-9f6e-2b4d8c1e7a90, 8 bytes big-endian send
// time in µs, CLOCK_REALTIME) before every keyframe (docs/design/camsim.md). Everything runs on this machine, so
// "now - send time" is a latency on one clock.
//
// 1. Starts `build/bin/argusd --demo --web-root web/dist` on a free loopback port with a fresh data dir, signs in as the
//    demo org admin (DATA_DIR/demo-credentials.json) and picks the first active camera with a live path.
// 2. Server side (~10 s): follows the LL-HLS playlist with blocking reloads (`_HLS_msn`/`_HLS_part` from the preload
//    hint), fetches every newly announced INDEPENDENT=YES part, reads the SEI from its mdat:
//      server_latency  = part bytes received − SEI send time   (what a player can have at the earliest)
//      announce        = blocking playlist answered − SEI send time
//    plus the median of the server's own `X-Argus-Edge-Age-Us`.
// 3. Camera-to-screen (~30 s) in headless Debian Chromium, two pages at once in one fresh profile:
//    - portal: the real camera page `/n/{network}/cameras/{id}` (signed in with the cookies of step 1; live over the
//      WebSocket fMP4 transport, LL-HLS only as fallback). An init script wraps SourceBuffer.appendBuffer: for each appended fMP4 fragment
//      it reads the SEI and the keyframe's media time (tfdt + composition offset) / timescale + sb.timestampOffset.
//    - minimal: a bench page on the same origin that loads hls.js (web/node_modules, UMD) with the portal's
//      LIVE_HLS_CONFIG and takes the SEI from Hls.Events.FRAG_PARSING_USERDATA (uuid + payload + pts). Cross-check,
//      and it reports hls.js's own latency / targetLatency.
//    On both, requestVideoFrameCallback notes when the frame with that media time is presented:
//      camera_to_screen = (performance.timeOrigin + expectedDisplayTime) − SEI send time.
// 4. Prints one figure per line with the targets in parentheses. Without Chromium, step 3 prints a "skipped" line and
//    the script still exits 0.
//
// Helpers in bench/live_latency/: util (stats, free port), fmp4_sei (part parsing), demo_session (sign-in, camera),
// page_instrumentation (runs inside the pages).
// Usage (from anywhere): node bench/live_latency.mjs [server_seconds=10] [browser_seconds=30]
// Env: CHROMIUM_BIN (default /usr/bin/chromium), ARGUSD_BIN, ARGUS_WEB_ROOT, LIVE_LATENCY_VERBOSE=1 (per-keyframe rows).

import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiGet, pickCamera, signIn } from './live_latency/demo_session.mjs';
import { parsePart } from './live_latency/fmp4_sei.mjs';
import { pageInstrumentation } from './live_latency/page_instrumentation.mjs';
import { CHROMIUM_ARGS, CHROMIUM_BIN } from './support/chromium.mjs';
import { killOnExit, startDemoServer, stopDemoServer } from './support/demo_server.mjs';
import { fmt, nowUs, percentile, printStats, sleep } from './live_latency/util.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webRequire = createRequire(path.join(ROOT, 'web', 'package.json'));
const SERVER_SECONDS = Number(process.argv[2] ?? 10);
const BROWSER_SECONDS = Number(process.argv[3] ?? 30);
const VERBOSE = process.env.LIVE_LATENCY_VERBOSE === '1';


// ---------------------------------------------------------------------------------------------------------------------
// argusd

let server = null; // { child, dataDir, base, log }
let browser = null;

async function startArgusd() {
  server = await startDemoServer('argus-live-latency-');
  return server;
}

async function stopAll() {
  if (browser) {
    const closing = browser;
    browser = null;
    await closing.close().catch(() => undefined);
  }
  if (server) {
    const stopping = server;
    server = null;
    await stopDemoServer(stopping);
  }
}

killOnExit(() => server);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    stopAll().finally(() => process.exit(128 + (os.constants.signals[signal] ?? 1)));
  });
}
// ---------------------------------------------------------------------------------------------------------------------
// Step 2: server side, LL-HLS blocking playlist reload

function parsePlaylist(text) {
  const parts = [];
  let hint = null;
  let partTarget = NaN;
  let partHoldBack = NaN;
  for (const line of text.split('\n')) {
    if (line.startsWith('#EXT-X-PART:')) {
      const uri = /URI="([^"]+)"/.exec(line)?.[1];
      const duration = Number(/DURATION=([\d.]+)/.exec(line)?.[1]);
      parts.push({ uri, duration, independent: /INDEPENDENT=YES/.test(line) });
    } else if (line.startsWith('#EXT-X-PRELOAD-HINT:')) {
      hint = /URI="([^"]+)"/.exec(line)?.[1] ?? null;
    } else if (line.startsWith('#EXT-X-PART-INF:')) {
      partTarget = Number(/PART-TARGET=([\d.]+)/.exec(line)?.[1]);
    } else if (line.startsWith('#EXT-X-SERVER-CONTROL:')) {
      partHoldBack = Number(/PART-HOLD-BACK=([\d.]+)/.exec(line)?.[1]);
    }
  }
  return { parts, hint, partTarget, partHoldBack };
}

async function measureServer(base, cookieHeader, livePath, seconds) {
  const playlistUrl = `${base}${livePath}index.m3u8`;
  const headers = { Cookie: cookieHeader };
  const seen = new Set();
  const edgeAgesMs = [];
  const rows = []; // { uri, sendUs, announceMs, receiveMs, samples, durationS }
  const fetches = [];
  const allPartDurations = [];
  let info = {};
  let query = '';
  let first = true;
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    const response = await fetch(`${playlistUrl}${query}`, { headers });
    const text = await response.text();
    const answeredUs = nowUs();
    if (!response.ok) throw new Error(`live playlist answered ${response.status}: ${text}`);
    const edgeAge = response.headers.get('x-argus-edge-age-us');
    if (edgeAge !== null) edgeAgesMs.push(Number(edgeAge) / 1000);
    const playlist = parsePlaylist(text);
    info = { partTarget: playlist.partTarget, partHoldBack: playlist.partHoldBack };
    for (const part of playlist.parts) {
      if (seen.has(part.uri)) continue;
      seen.add(part.uri);
      if (first) continue; // announced before we started listening: its age says nothing
      allPartDurations.push(part.duration);
      if (!part.independent) continue;
      // Fetched concurrently so the next blocking reload goes out at once, as a player's would.
      fetches.push(
        (async () => {
          const partResponse = await fetch(new URL(part.uri, playlistUrl), { headers });
          const bytes = Buffer.from(await partResponse.arrayBuffer());
          const receivedUs = nowUs();
          const { sendUs, samples } = parsePart(bytes);
          if (sendUs === null) return;
          rows.push({
            uri: part.uri,
            sendUs,
            announceMs: (answeredUs - sendUs) / 1000,
            receiveMs: (receivedUs - sendUs) / 1000,
            samples,
            durationS: part.duration,
          });
        })(),
      );
    }
    first = false;
    const hint = /part(\d+)\.(\d+)\.m4s/.exec(playlist.hint ?? '');
    if (!hint) throw new Error(`the live playlist has no usable PRELOAD-HINT:\n${text}`);
    query = `?_HLS_msn=${hint[1]}&_HLS_part=${hint[2]}`;
  }
  await Promise.all(fetches);
  rows.sort((a, b) => a.sendUs - b.sendUs);
  return { rows, edgeAgesMs, info, allPartDurations };
}

// ---------------------------------------------------------------------------------------------------------------------
// Step 3: Chromium

// LIVE_HLS_CONFIG duplicated from web/src/features/viewer/player/hlsConfig.ts (keep in step with it).
const LIVE_HLS_CONFIG = { lowLatencyMode: true, maxLiveSyncPlaybackRate: 1.5, backBufferLength: 30, enableWorker: true };

function checkHlsConfigInSync() {
  const source = readFileSync(path.join(ROOT, 'web/src/features/viewer/player/hlsConfig.ts'), 'utf8');
  const block = /LIVE_HLS_CONFIG[^=]*=\s*\{([^}]*)\}/.exec(source)?.[1] ?? '';
  const actual = Object.fromEntries(
    [...block.matchAll(/(\w+):\s*([^,\n]+)/g)].map(([, key, value]) => [key, value.trim() === 'true' ? true : value.trim() === 'false' ? false : Number(value)]),
  );
  if (JSON.stringify(actual) !== JSON.stringify(LIVE_HLS_CONFIG)) {
    console.error(`warning: LIVE_HLS_CONFIG in hlsConfig.ts is ${JSON.stringify(actual)}; the bench page uses ${JSON.stringify(LIVE_HLS_CONFIG)}`);
  }
}

function startMinimalPlayer({ url, config }) {
  const bench = window.__liveBench;
  const video = document.querySelector('video');
  bench.watch(video);
  bench.hlsStats = [];
  const hls = new window.Hls(config);
  hls.on(window.Hls.Events.FRAG_PARSING_USERDATA, (_event, data) => {
    for (const sample of data.samples) {
      if (sample.uuid !== 'a7c3f0d2-5e1b-4c8a-9f6e-2b4d8c1e7a90' || !sample.userDataBytes || sample.userDataBytes.length < 8) continue;
      let us = 0;
      for (let i = 0; i < 8; i += 1) us = us * 256 + sample.userDataBytes[i];
      bench.seis.push({ sendUs: us, mediaTime: sample.pts, appendedMs: Date.now() });
    }
  });
  hls.on(window.Hls.Events.ERROR, (_event, data) => {
    if (data.fatal && bench.errors.length < 5) bench.errors.push(`hls.js fatal: ${data.details}`);
  });
  setInterval(() => {
    if (!video.paused && Number.isFinite(hls.latency)) {
      bench.hlsStats.push({ latency: hls.latency, target: hls.targetLatency ?? NaN, rate: video.playbackRate });
    }
  }, 250);
  hls.loadSource(url);
  hls.attachMedia(video);
  video.muted = true;
  video.play().catch(() => undefined);
  window.__hls = hls;
}

/** Pairs each SEI (media time) with the first presented frame at that media time. */
function cameraToScreen(bench) {
  const results = [];
  const seen = new Set();
  for (const sei of bench.seis) {
    if (seen.has(sei.sendUs)) continue;
    seen.add(sei.sendUs);
    const frame = bench.frames.find((f) => f.mediaTime >= sei.mediaTime - 0.002 && f.mediaTime < sei.mediaTime + 0.15);
    if (!frame) continue;
    results.push({
      sendUs: sei.sendUs,
      screenMs: frame.displayMs - sei.sendUs / 1000,
      presentedMs: frame.presentedMs - sei.sendUs / 1000,
      appendMs: sei.appendedMs - sei.sendUs / 1000,
      aheadS: frame.ahead,
    });
  }
  return results;
}

async function measureBrowser(base, cookies, network, camera, livePath, seconds) {
  if (!existsSync(CHROMIUM_BIN)) return { skipped: `chromium not found at ${CHROMIUM_BIN} (set CHROMIUM_BIN)` };
  const { chromium } = webRequire('playwright-core');
  const hlsScript = webRequire.resolve('hls.js/dist/hls.js');
  browser = await chromium.launch({ executablePath: CHROMIUM_BIN, headless: true, args: CHROMIUM_ARGS, timeout: 30_000 });
  // One context (window) per page: a second page in the same window is a background tab, whose frames Chromium
  // throttles (requestVideoFrameCallback then fires a few times a minute).
  const contexts = [];
  const newPage = async () => {
    const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    await context.addCookies(cookies.map(({ name, value }) => ({ name, value, url: base })));
    contexts.push(context);
    return context.newPage();
  };

  // Portal camera page.
  const portal = await newPage();
  await portal.addInitScript(pageInstrumentation, true);
  // Minimal page: same origin (cookies, no CORS), its own document served by the bench under /n1/ (the portal's
  // service worker leaves /n{shard}/ paths to the network, so the route sees the navigation).
  const minimal = await newPage();
  await minimal.addInitScript(pageInstrumentation, false);
  await minimal.route(`${base}/n1/__live_latency_bench`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html><body style="margin:0;background:#000"><video muted playsinline autoplay style="width:1280px;height:720px"></video></body></html>',
    }),
  );
  const errors = [];
  portal.on('pageerror', (error) => errors.push(`portal: ${error.message}`));
  minimal.on('pageerror', (error) => errors.push(`minimal: ${error.message}`));

  await portal.goto(`/n/${network.id}/cameras/${camera.id}`);
  await portal.waitForSelector('video', { timeout: 20_000 });
  await minimal.goto("/n1/__live_latency_bench");
  await minimal.addScriptTag({ path: hlsScript });
  await minimal.evaluate(startMinimalPlayer, { url: `${base}${livePath}index.m3u8`, config: LIVE_HLS_CONFIG });

  await sleep(seconds * 1000);
  const collect = (page) =>
    page.evaluate(() => {
      const bench = window.__liveBench;
      const video = document.querySelector('video');
      return {
        frames: bench.frames,
        seis: bench.seis,
        errors: bench.errors,
        hlsStats: bench.hlsStats ?? [],
        playing: video ? !video.paused && video.readyState >= 2 : false,
        src: video?.currentSrc ?? '',
      };
    });
  const [portalBench, minimalBench] = await Promise.all([collect(portal), collect(minimal)]);
  if (VERBOSE) {
    const { frames, seis, errors } = portalBench;
    console.log(`  portal: ${seis.length} SEIs appended, ${frames.length} frames presented, errors ${JSON.stringify(errors)}`);
  }
  await Promise.all(contexts.map((context) => context.close()));
  return { portal: portalBench, minimal: minimalBench, pageErrors: errors };
}

// ---------------------------------------------------------------------------------------------------------------------

async function main() {
  const { base, dataDir } = await startArgusd();
  const { cookies, cookieHeader } = await signIn(base, dataDir);
  const { network, camera, livePath } = await pickCamera(base, cookieHeader);
  console.log(`live.camera: ${camera.name} (id ${camera.id}, ${network.name}, ${livePath}index.m3u8)`);

  // Step 2
  const serverSide = await measureServer(base, cookieHeader, livePath, SERVER_SECONDS);
  const { rows, edgeAgesMs, info, allPartDurations } = serverSide;
  if (VERBOSE) {
    for (const row of rows) {
      console.log(`  ${row.uri}: announce ${row.announceMs.toFixed(1)} ms, received ${row.receiveMs.toFixed(1)} ms, ${row.samples} samples, ${row.durationS}s`);
    }
  }
  console.log(`live.part_target_s: ${info.partTarget}   part_hold_back_s: ${info.partHoldBack}`);
  console.log(`live.part_duration_ms.p50: ${fmt(percentile(allPartDurations, 50) * 1000)}`);
  const keyframeParts = rows.map((row) => row.samples);
  console.log(`live.keyframe_part_samples.p50: ${fmt(percentile(keyframeParts, 50))}`);
  printStats('live.server_announce_ms', rows.map((row) => row.announceMs));
  printStats('live.server_latency_ms', rows.map((row) => row.receiveMs), 'target <= 250');
  console.log(`live.server_edge_age_ms.p50: ${fmt(percentile(edgeAgesMs, 50))}   (X-Argus-Edge-Age-Us, ${edgeAgesMs.length} playlists)`);

  // Step 3
  checkHlsConfigInSync();
  const measured = await measureBrowser(base, cookies, network, camera, livePath, BROWSER_SECONDS);
  if (measured.skipped) {
    console.log(`live.camera_to_screen_ms: skipped: ${measured.skipped}`);
    return;
  }
  for (const [label, bench] of [
    ['', measured.portal],
    ['.minimal_page', measured.minimal],
  ]) {
    const results = cameraToScreen(bench);
    if (VERBOSE) {
      for (const r of results) {
        console.log(
          `  ${label || 'portal'} ${r.sendUs}: appended ${r.appendMs.toFixed(0)} ms, presented ${r.presentedMs.toFixed(0)} ms, display ${r.screenMs.toFixed(0)} ms, buffer ahead ${(r.aheadS * 1000).toFixed(0)} ms`,
        );
      }
    }
    if (results.length === 0) {
      console.log(
        `live.camera_to_screen_ms${label}: no samples (frames ${bench.frames.length}, seis ${bench.seis.length}, playing ${bench.playing}, errors ${JSON.stringify(bench.errors)})`,
      );
      continue;
    }
    printStats(`live.camera_to_screen_ms${label}`, results.map((r) => r.screenMs), 'target <= 500');
    console.log(`live.sei_to_append_ms${label}.p50: ${fmt(percentile(results.map((r) => r.appendMs), 50))}`);
    console.log(`live.buffer_ahead_ms${label}.p50: ${fmt(percentile(results.map((r) => r.aheadS * 1000), 50))}`);
    if (bench.hlsStats.length) {
      const steady = bench.hlsStats.slice(Math.floor(bench.hlsStats.length / 3));
      console.log(`live.hlsjs_latency_ms${label}.p50: ${fmt(percentile(steady.map((s) => s.latency * 1000), 50))}`);
      console.log(`live.hlsjs_target_latency_ms${label}: ${fmt(percentile(steady.map((s) => s.target * 1000), 50))}`);
    }
  }
  if (measured.pageErrors.length) console.error(`page errors:\n  ${measured.pageErrors.slice(0, 5).join('\n  ')}`);
}

try {
  await main();
} catch (error) {
  console.error(`live_latency: ${error instanceof Error ? error.stack : error}`);
  if (server?.log) console.error(`argusd log tail:\n${server.log.slice(-2000)}`);
  process.exitCode = 1;
} finally {
  await stopAll();
}
