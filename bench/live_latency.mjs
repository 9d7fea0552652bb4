#!/usr/bin/env node
// Live latency benchmark: server side (issue 3) and camera to screen read from the pixels (issue 18), for every live
// path of the portal and for a WebRTC reference peer, in one run, on the same camera. How it works and how to read the
// figures: docs/design/live.md, "Measuring camera-to-screen".
//
// 1. Starts `build/bin/argusd --demo --web-root web/dist` (fresh data dir, free loopback port), signs in as the demo org
//    admin. Server side (--server-seconds, on a demo camera, from camsim's timestamp SEI): LL-HLS part available and
//    playlist announce − SEI send time.
// 2. Starts camsim with one clock camera (docs/design/camsim.md, "Clock cameras": each frame carries its capture time
//    in the picture), adds it to the demo network Warehouse HQ through the admin API and removes every other camera.
// 3. In headless Debian Chromium, one path after the other, each in a fresh window for --seconds after a warm-up: the
//    clock reader (live_latency/clock_reader.mjs) reads the code from the displayed element on every animation frame;
//    camera_to_screen = (performance.timeOrigin + now) − capture time of each new frame shown; freezes = no new frame
//    for more than 300 ms; CPU from /proc over the window (Chromium: all its processes; argusd; janus and its relay).
//    Paths: janus (Debian's janus streaming plugin fed RTP by `ffmpeg -c copy` from the same camera, on this machine's
//    non-loopback address), then the real portal camera page forced to each live transport: portal_ws
//    (?transport=ws, WebSocket fMP4 + MSE), portal_hls (?transport=hls, LL-HLS), portal_frames (?transport=frames,
//    WebCodecs; the element with data-transport="frames" is read), and any --page.
// 4. One figure per line, targets in parentheses. Without Chromium the browser part prints a "skipped" line; without
//    janus its path does, and so does portal_frames while the portal does not play ?transport=frames (the element
//    shows another data-transport); the script still exits 0.
//
// Usage: node bench/live_latency.mjs [--seconds 60] [--warmup-seconds 4] [--server-seconds 10]
//          [--paths janus,portal_ws,portal_hls,portal_frames] [--page NAME=URL@SELECTOR]... (URL relative to argusd,
//          {network} and {camera} replaced: e.g. --page 'auto=/n/{network}/cameras/{camera}@video' for the transport
//          the portal picks by itself)
//          [--clock-size 1920x1080] [--clock-fps 25] [--clock-bitrate-kbps 4000]
// Env: CHROMIUM_BIN, ARGUSD_BIN, CAMSIM_BIN, ARGUS_WEB_ROOT, JANUS_BIN, JANUS_LIB_DIR, FFMPEG_BIN.
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchChromium, measurePath } from './live_latency/browser_paths.mjs';
import { pickCamera, signIn, useOnlyClockCamera, waitForLive } from './live_latency/demo_session.mjs';
import { JANUS_PAGE_HTML, watchJanusMountpoint } from './live_latency/janus_page.mjs';
import { MOUNTPOINT_ID, janusMissing, startJanusPeer } from './live_latency/janus_peer.mjs';
import { cpuWindow, startProcess, stopProcess } from './live_latency/processes.mjs';
import { printPathFigures, printServerFigures } from './live_latency/report.mjs';
import { PORTAL_TRANSPORTS, readOptions } from './live_latency/options.mjs';
import { measureServer } from './live_latency/server_side.mjs';
import { CHROMIUM_BIN } from './support/chromium.mjs';
import { ROOT, killOnExit, startDemoServer, stopDemoServer } from './support/demo_server.mjs';

const CAMSIM_BIN = process.env.CAMSIM_BIN ?? path.join(ROOT, 'build', 'bin', 'camsim');

let options;
try {
  options = readOptions(process.argv.slice(2));
} catch (error) {
  console.error(`live_latency: ${error.message}`);
  process.exit(2);
}

const running = []; // { stop() } in start order, stopped in reverse
let argusdForErrors = null; // its log tail goes with a failure
killOnExit(() => argusdForErrors);
async function stopAll() {
  while (running.length) await running.pop().stop().catch(() => undefined);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    stopAll().finally(() => process.exit(128 + (os.constants.signals[signal] ?? 1)));
  });
}

async function startClockCamera() {
  const camsim = await startProcess(
    'camsim',
    CAMSIM_BIN,
    ['--footage-dir', path.join(ROOT, 'build', 'footage'), '--port', '0', '--cameras', '1', '--clock-cameras', '0',
     '--clock-size', options.clockSize, '--clock-fps', String(options.clockFps), '--clock-bitrate-kbps', String(options.clockBitrateKbps)],
    { ready: /camsim ready/ },
  );
  running.push({ stop: () => stopProcess(camsim) });
  return { camsim, rtspBaseUrl: /rtsp=(\S+)/.exec(camsim.log)[1] };
}

function janusPath(rtspBaseUrl) {
  const peer = { started: null };
  return {
    name: 'janus',
    selector: 'video',
    cpu: { janus: () => [peer.started.janus.pid], relay: () => [peer.started.relay.pid] },
    async open(page) {
      peer.started = await startJanusPeer(`${rtspBaseUrl}/cam0/main`);
      running.push(peer.started);
      const url = `${peer.started.base}/__clock_bench`;
      await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: JANUS_PAGE_HTML }));
      await page.goto(url);
      return page.evaluate(watchJanusMountpoint, { base: peer.started.base, mountpointId: MOUNTPOINT_ID });
    },
    async close() {
      await peer.started?.stop();
    },
  };
}

const TRANSPORT_WAIT_MS = 20_000;

/**
 * A page of the portal. When it shows no element matching the selector, `open` fails, or answers { skipped } for an
 * `optional` path (one the portal may not have yet).
 */
function portalPath(name, url, selector, { argusd, cookies, network, camera }, { optional = false } = {}) {
  return {
    name,
    selector,
    baseURL: argusd.base,
    cookies: cookies.map(({ name: cookie, value }) => ({ name: cookie, value, url: argusd.base })),
    cpu: { argusd: () => [argusd.child.pid] },
    async open(page) {
      await page.goto(url.replaceAll('{network}', network.id).replaceAll('{camera}', camera.id));
      const shown = await page.waitForSelector(selector, { timeout: TRANSPORT_WAIT_MS }).catch(() => null);
      if (shown) return {};
      const transports = await page.evaluate(() => [...document.querySelectorAll('[data-transport]')].map((element) => element.dataset.transport));
      const why = `no ${selector} on ${url} within ${TRANSPORT_WAIT_MS / 1000} s (data-transport on the page: ${transports.join(', ') || 'none'})`;
      if (optional) return { skipped: `the portal does not play this path yet: ${why}` };
      throw new Error(why);
    },
  };
}

/** The camera page forced to one live transport, read from the element that says it plays it. */
function portalTransportPath(name, context) {
  const transport = PORTAL_TRANSPORTS[name];
  // The frames transport (docs/design/live.md, "Low-latency frames transport") is skipped until the portal has it.
  return portalPath(name, `/n/{network}/cameras/{camera}?transport=${transport}`, `[data-transport="${transport}"]`, context, {
    optional: transport === 'frames',
  });
}

async function main() {
  const argusd = await startDemoServer('argus-live-latency-');
  running.push({ stop: () => stopDemoServer(argusd) });
  argusdForErrors = argusd;
  const session = await signIn(argusd.base, argusd.dataDir);

  if (options.serverSeconds > 0) {
    const { camera: demoCamera, network: demoNetwork, livePath } = await pickCamera(argusd.base, session.cookieHeader);
    console.log(`live.server_side_camera: ${demoCamera.name} (id ${demoCamera.id}, ${demoNetwork.name}, ${livePath}index.m3u8)`);
    printServerFigures(await measureServer(argusd.base, session.cookieHeader, livePath, options.serverSeconds));
  }

  const { camsim, rtspBaseUrl } = await startClockCamera();
  const { network } = await pickCamera(argusd.base, session.cookieHeader);
  const camera = await useOnlyClockCamera(argusd.base, session, network, rtspBaseUrl);
  const livePath = `/n1/cameras/${camera.id}/live/main/`;
  await waitForLive(argusd.base, session.cookieHeader, livePath);
  console.log(
    `live.clock_camera: ${options.clockSize} ${options.clockFps} fps ${options.clockBitrateKbps} kbit/s, H.264 x264 zerolatency (camsim ${rtspBaseUrl}/cam0/main; argusd camera ${camera.id} in ${network.name})`,
  );
  if (!existsSync(CHROMIUM_BIN)) {
    console.log(`live.camera_to_screen_ms: skipped: chromium not found at ${CHROMIUM_BIN} (set CHROMIUM_BIN)`);
    return;
  }

  const context = { argusd, cookies: session.cookies, network, camera };
  const paths = [];
  for (const name of options.pathNames) paths.push(name === 'janus' ? janusPath(rtspBaseUrl) : portalTransportPath(name, context));
  for (const page of options.pages) paths.push(portalPath(page.name, page.url, page.selector, context));

  const browser = await launchChromium(ROOT, CHROMIUM_BIN);
  running.push({ stop: () => browser.close() });
  const camsimCpu = cpuWindow(() => [camsim.pid]);
  let reference = null;
  for (const livePath of paths) {
    if (livePath.name === 'janus' && janusMissing()) {
      console.log(`live.janus: skipped: ${janusMissing()}`);
      continue;
    }
    try {
      const result = await measurePath(browser, livePath, { seconds: options.seconds, warmupSeconds: options.warmupSeconds });
      if (result.skipped) {
        console.log(`live.${livePath.name}: skipped: ${result.skipped}`);
        continue;
      }
      if (livePath.name === 'janus') reference = result;
      printPathFigures(livePath.name, result, { reference: livePath.name === 'janus' ? null : reference, cameraFps: options.clockFps, seconds: options.seconds });
    } catch (error) {
      console.log(`live.${livePath.name}: failed: ${error instanceof Error ? error.message : error}`);
    } finally {
      await livePath.close?.();
    }
  }
  console.log(`live.camsim_clock_camera_cpu_pct: ${camsimCpu.stop().toFixed(1)}   (drawing and x264 encoding, main + sub)`);
}

try {
  await main();
} catch (error) {
  console.error(`live_latency: ${error instanceof Error ? error.stack : error}`);
  if (argusdForErrors?.log) console.error(`argusd log tail:\n${argusdForErrors.log.slice(-2000)}`);
  process.exitCode = 1;
} finally {
  await stopAll();
}
