#!/usr/bin/env node
// argusd serving many browsers' video walls (issue 9 benchmark): `--browsers` simulated browsers, each showing a wall of
// `--tiles` live tiles, i.e. browsers × tiles frames WebSocket clients (the route a wall tile plays in Chromium:
// `…/live/{stream}/frames`, one access unit per message), each reading everything it is sent.
//
// 1. Starts `build/bin/argusd --demo`, signs in as the demo org admin and makes `--tiles` cameras that stream (the
//    demo's camsim cameras and, for more, argus cameras added on the same camsim streams — bench/live_wall/wall_setup).
// 2. argusd CPU and resident memory over --baseline-seconds with no viewer (ingest, recording, motion of the cameras).
// 3. Opens the clients (browser b's tile t plays camera t), then over --seconds: argusd CPU (% of one core) and
//    resident memory (VmRSS, start and end of the window), frames and bytes received per client per second (min and
//    median), clients that were closed. One figure per line; asserts nothing.
//
// Usage: node bench/wall_clients.mjs [--browsers 10] [--tiles 16] [--stream sub|main] [--seconds 60]
//          [--baseline-seconds 10]
// Env: ARGUSD_BIN.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { signIn } from './live_latency/demo_session.mjs';
import { cpuWindow } from './live_latency/processes.mjs';
import { percentile, sleep } from './live_latency/util.mjs';
import { wallCameras } from './live_wall/wall_setup.mjs';
import { optionsOrExit, stopOnSignals, wholeNumberOption } from './support/bench_cli.mjs';
import { killOnExit, startDemoServer, stopDemoServer } from './support/demo_server.mjs';
import { openWebSocket } from './support/websocket_client.mjs';

function readOptions(args) {
  const { values } = parseArgs({
    args,
    options: {
      browsers: { type: 'string', default: '10' },
      tiles: { type: 'string', default: '16' },
      stream: { type: 'string', default: 'sub' },
      seconds: { type: 'string', default: '60' },
      'baseline-seconds': { type: 'string', default: '10' },
    },
  });
  const number = (name, min, max) => wholeNumberOption(values, name, min, max);
  if (!['sub', 'main'].includes(values.stream)) throw new Error(`--stream ${values.stream}: expected sub or main`);
  return {
    browsers: number('browsers', 1, 100),
    tiles: number('tiles', 1, 64),
    stream: values.stream,
    seconds: number('seconds', 1, 3600),
    baselineSeconds: number('baseline-seconds', 0, 600),
  };
}

/** Resident memory of a process in MB (VmRSS), NaN once it is gone. */
function residentMb(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

const livePathOf = (camera, stream) =>
  stream === 'sub' ? camera.channel.local_lan_livestream_path : camera.channel.cloud_proxy_livestream_path;

/** One wall tile's frames client: counts what it receives; `closed` once the server or the network ended it. */
async function openTile(server, session, camera, stream) {
  const tile = { frames: 0, bytes: 0, closed: false, socket: null, handshakeMs: NaN, firstFrameMs: NaN };
  const url = `${server.base.replace(/^http/, 'ws')}${livePathOf(camera, stream)}frames`;
  const startedMs = performance.now();
  tile.socket = await openWebSocket(url, { Cookie: session.cookieHeader, Origin: server.base }, {
    onBinary: (payload) => {
      if (Number.isNaN(tile.firstFrameMs)) tile.firstFrameMs = performance.now() - startedMs;
      tile.frames += 1;
      tile.bytes += payload.length;
    },
    onClose: () => {
      tile.closed = true;
    },
  });
  tile.handshakeMs = performance.now() - startedMs;
  return tile;
}

const options = optionsOrExit('wall_clients', readOptions);

let server = null;
const tiles = [];
killOnExit(() => server);
async function stopAll() {
  for (const tile of tiles) tile.socket?.close();
  if (server) await stopDemoServer(server);
  server = null;
}
stopOnSignals(stopAll);

async function main() {
  server = await startDemoServer('argus-wall-clients-', { logLevel: 'info' });
  const session = await signIn(server.base, server.dataDir);
  const { cameras, added } = await wallCameras(server.base, session, server.head, options.tiles, options.stream);
  const pid = server.child.pid;
  console.log(
    `wall_clients.setup: ${options.browsers} browsers × ${options.tiles} tiles = ${options.browsers * options.tiles} frames clients, ${options.stream} stream; cameras ${cameras.map((camera) => camera.id).join(',')} (${added} added)`,
  );

  const baseline = cpuWindow(() => [pid]);
  await sleep(options.baselineSeconds * 1000);
  const baselineCpu = options.baselineSeconds > 0 ? baseline.stop() : NaN;
  const baselineRss = residentMb(pid);

  for (let browser = 0; browser < options.browsers; browser += 1) {
    for (const camera of cameras) tiles.push(await openTile(server, session, camera, options.stream));
  }
  await sleep(3000); // every client joined at its keyframe and caught up
  // The first browser's tiles opened one after another, as Chromium opens a host's WebSockets (RFC 6455 §4.1).
  const firstWall = tiles.slice(0, cameras.length);
  const handshakes = firstWall.map((tile) => tile.handshakeMs);
  const firstFrames = firstWall.map((tile) => tile.firstFrameMs).filter(Number.isFinite);
  const wallHandshakesMs = handshakes.reduce((a, b) => a + b, 0);
  for (const tile of tiles) Object.assign(tile, { frames: 0, bytes: 0 });
  const startRss = residentMb(pid);
  const cpu = cpuWindow(() => [pid]);
  await sleep(options.seconds * 1000);
  const servingCpu = cpu.stop();
  const endRss = residentMb(pid);

  const fps = tiles.map((tile) => tile.frames / options.seconds);
  const kbps = tiles.map((tile) => (tile.bytes * 8) / 1000 / options.seconds);
  const clients = tiles.length;
  console.log(`wall_clients.argusd_cpu_pct: ${servingCpu.toFixed(1)}   (% of one core; without viewers ${baselineCpu.toFixed(1)}; per client ${((servingCpu - baselineCpu) / clients).toFixed(3)})`);
  console.log(`wall_clients.argusd_rss_mb: ${endRss.toFixed(1)}   (without viewers ${baselineRss.toFixed(1)}, window start ${startRss.toFixed(1)}; per client ${((endRss - baselineRss) / clients).toFixed(3)})`);
  console.log(`wall_clients.frames_per_s.min: ${Math.min(...fps).toFixed(1)}   median ${percentile(fps, 50).toFixed(1)} (per client, ${options.seconds} s)`);
  console.log(`wall_clients.kbit_per_s.median: ${percentile(kbps, 50).toFixed(0)}   total ${(kbps.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} Mbit/s`);
  console.log(`wall_clients.closed_clients: ${tiles.filter((tile) => tile.closed).length}   of ${clients}`);
  console.log(`wall_clients.handshake_ms.p50: ${percentile(handshakes, 50).toFixed(1)}   max ${Math.max(...handshakes).toFixed(1)}, one wall's ${cameras.length} in turn ${wallHandshakesMs.toFixed(0)} ms (upgrade request → 101)`);
  console.log(`wall_clients.first_frame_after_open_ms.p50: ${percentile(firstFrames, 50).toFixed(1)}   max ${Math.max(...firstFrames).toFixed(1)} (upgrade request → first access unit)`);
  console.log(`wall_clients.load_average_1m: ${os.loadavg()[0].toFixed(1)}   (${os.cpus().length} cores; above that, other work skews the figures)`);
}

try {
  await main();
} catch (error) {
  console.error(`wall_clients: ${error instanceof Error ? error.stack : error}`);
  if (server?.log) console.error(`argusd log tail:\n${server.log.slice(-2000)}`);
  process.exitCode = 1;
} finally {
  await stopAll();
}
