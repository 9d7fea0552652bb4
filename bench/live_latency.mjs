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
//    - portal: the real camera page `/n/{network}/cameras/{id}` (signed in with the cookies of step 1). The portal does
//      not expose its Hls instance, so an init script wraps SourceBuffer.appendBuffer: for each appended fMP4 fragment
//      it reads the SEI and the keyframe's media time (tfdt + composition offset) / timescale + sb.timestampOffset.
//    - minimal: a bench page on the same origin that loads hls.js (web/node_modules, UMD) with the portal's
//      LIVE_HLS_CONFIG and takes the SEI from Hls.Events.FRAG_PARSING_USERDATA (uuid + payload + pts). Cross-check,
//      and it reports hls.js's own latency / targetLatency.
//    On both, requestVideoFrameCallback notes when the frame with that media time is presented:
//      camera_to_screen = (performance.timeOrigin + expectedDisplayTime) − SEI send time.
// 4. Prints one figure per line with the targets in parentheses. Without Chromium, step 3 prints a "skipped" line and
//    the script still exits 0.
//
// Usage (from anywhere): node bench/live_latency.mjs [server_seconds=10] [browser_seconds=30]
// Env: CHROMIUM_BIN (default /usr/bin/chromium), ARGUSD_BIN, ARGUS_WEB_ROOT, LIVE_LATENCY_VERBOSE=1 (per-keyframe rows).

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webRequire = createRequire(path.join(ROOT, 'web', 'package.json'));
const ARGUSD_BIN = process.env.ARGUSD_BIN ?? path.join(ROOT, 'build', 'bin', 'argusd');
const WEB_ROOT = process.env.ARGUS_WEB_ROOT ?? path.join(ROOT, 'web', 'dist');
const CHROMIUM_BIN = process.env.CHROMIUM_BIN ?? '/usr/bin/chromium';
const SERVER_SECONDS = Number(process.argv[2] ?? 10);
const BROWSER_SECONDS = Number(process.argv[3] ?? 30);
const VERBOSE = process.env.LIVE_LATENCY_VERBOSE === '1';
const SEI_UUID = 'a7c3f0d2-5e1b-4c8a-9f6e-2b4d8c1e7a90';
const SEI_UUID_BYTES = Buffer.from(SEI_UUID.replace(/-/g, ''), 'hex');

// Same flags as web/e2e/support/browser.ts. Playwright always gives the browser a fresh mkdtemp --user-data-dir of its
// own (it refuses the flag from us) and deletes it on close.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// ---------------------------------------------------------------------------------------------------------------------
// Small helpers

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const nowUs = () => Date.now() * 1000;

function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}
const fmt = (value) => (Number.isFinite(value) ? String(Math.round(value)) : 'n/a');

function printStats(name, values, target = '') {
  const suffix = target ? `   (${target})` : '';
  console.log(`${name}.samples: ${values.length}`);
  console.log(`${name}.p50: ${fmt(percentile(values, 50))}${suffix}`);
  console.log(`${name}.p95: ${fmt(percentile(values, 95))}`);
  console.log(`${name}.max: ${fmt(values.length ? Math.max(...values) : NaN)}`);
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// ---------------------------------------------------------------------------------------------------------------------
// fMP4 / H.264 SEI parsing (node side)

/** Top-level (or nested) ISO BMFF boxes of `buf` in [start, end). */
function* boxes(buf, start = 0, end = buf.length) {
  let at = start;
  while (at + 8 <= end) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      size = Number(buf.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < header || at + size > end) return;
    yield { type, start: at, body: at + header, end: at + size };
    at += size;
  }
}

function stripEmulationPrevention(nal) {
  const out = [];
  for (let i = 0; i < nal.length; i += 1) {
    if (i >= 2 && nal[i] === 3 && nal[i - 1] === 0 && nal[i - 2] === 0) continue;
    out.push(nal[i]);
  }
  return Buffer.from(out);
}

/** The camsim send time (µs) from one H.264 SEI NAL unit (with its 1-byte header), or null. */
function seiSendTimeUs(nal) {
  const data = stripEmulationPrevention(nal);
  let at = 1;
  while (at < data.length && data[at] !== 0x80) {
    let type = 0;
    while (data[at] === 0xff) type += data[at++];
    type += data[at++];
    let size = 0;
    while (data[at] === 0xff) size += data[at++];
    size += data[at++];
    if (type === 5 && size >= 24 && data.subarray(at, at + 16).equals(SEI_UUID_BYTES)) {
      return Number(data.readBigUInt64BE(at + 16));
    }
    at += size;
  }
  return null;
}

/** Parses one LL-HLS part (moof + mdat): camsim SEI send time, sample count, duration (timescale units). */
function parsePart(buf) {
  let sendUs = null;
  let samples = 0;
  for (const box of boxes(buf)) {
    if (box.type === 'moof') {
      for (const traf of boxes(buf, box.body, box.end)) {
        if (traf.type !== 'traf') continue;
        for (const child of boxes(buf, traf.body, traf.end)) {
          if (child.type === 'trun') samples += buf.readUInt32BE(child.body + 4);
        }
      }
    } else if (box.type === 'mdat' && sendUs === null) {
      // AVCC: every sample is a run of 4-byte length-prefixed NAL units, so the whole mdat is one such run.
      let at = box.body;
      while (at + 4 <= box.end) {
        const length = buf.readUInt32BE(at);
        at += 4;
        if (length === 0 || at + length > box.end) break;
        if ((buf[at] & 0x1f) === 6) {
          sendUs = seiSendTimeUs(buf.subarray(at, at + length));
          if (sendUs !== null) break;
        }
        at += length;
      }
    }
  }
  return { sendUs, samples };
}

// ---------------------------------------------------------------------------------------------------------------------
// argusd

let server = null; // { child, dataDir, base, log }
let browser = null;

async function startArgusd() {
  if (!existsSync(ARGUSD_BIN)) throw new Error(`build first: ${ARGUSD_BIN} is missing`);
  if (!existsSync(path.join(WEB_ROOT, 'index.html'))) throw new Error(`build the portal first: ${WEB_ROOT}/index.html is missing`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'argus-live-latency-'));
  const port = await freePort();
  const args = ['--data-dir', dataDir, '--listen', `127.0.0.1:${port}`, '--demo', '--web-root', WEB_ROOT, '--log-level', 'warn'];
  const child = spawn(ARGUSD_BIN, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const started = { child, dataDir, base: `http://127.0.0.1:${port}`, log: '' };
  server = started;
  // Output can still arrive while stopAll() runs (server is null by then): append to this start's record.
  const append = (chunk) => {
    started.log = (started.log + chunk.toString()).slice(-16_384);
  };
  let spawnError = null;
  child.on('error', (error) => {
    spawnError = error;
  });
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (spawnError) throw new Error(`cannot start ${ARGUSD_BIN}: ${spawnError.message}`);
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`argusd exited early:\n${server.log}`);
    try {
      const response = await fetch(`${server.base}/n1/csrf/token`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`argusd did not answer within 30 s:\n${server.log}`);
    await sleep(100);
  }
  return server;
}

async function stopAll() {
  if (browser) {
    const closing = browser;
    browser = null;
    await closing.close().catch(() => undefined);
  }
  if (server) {
    const { child, dataDir } = server;
    server = null;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.on('exit', () => {
  if (server?.child && server.child.exitCode === null) server.child.kill('SIGKILL');
  if (server?.dataDir) rmSync(server.dataDir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    stopAll().finally(() => process.exit(128 + (os.constants.signals[signal] ?? 1)));
  });
}

/** Signs in as the demo org admin; returns the session cookies ({name, value}[]) and a Cookie header. */
async function signIn(base, dataDir) {
  const jar = new Map();
  const keep = (response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  };
  const header = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const tokenAnswer = await fetch(`${base}/n1/csrf/token`);
  keep(tokenAnswer);
  const { csrf_token: token } = await tokenAnswer.json();
  const credentials = JSON.parse(readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'));
  const admin = credentials.find((entry) => entry.email.startsWith('admin@')) ?? credentials[0];
  const login = await fetch(`${base}/n1/login/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token, Cookie: header(), 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({ email: admin.email, password: admin.password, remember: 0 }),
  });
  keep(login);
  if (!login.ok) throw new Error(`sign-in as ${admin.email} answered ${login.status}: ${await login.text()}`);
  return { cookies: [...jar].map(([name, value]) => ({ name, value })), cookieHeader: header() };
}

async function apiGet(base, cookieHeader, apiPath) {
  const response = await fetch(`${base}/n1${apiPath}`, { headers: { Cookie: cookieHeader, 'X-Requested-With': 'XMLHttpRequest' } });
  if (!response.ok) throw new Error(`GET /n1${apiPath} answered ${response.status}`);
  return response.json();
}

/** The first active camera with a live path (Warehouse HQ first), once its live playlist answers 200. */
async function pickCamera(base, cookieHeader) {
  const networks = await apiGet(base, cookieHeader, '/vision/networks');
  networks.sort((a, b) => Number(b.name === 'Warehouse HQ') - Number(a.name === 'Warehouse HQ'));
  const deadline = Date.now() + 30_000;
  for (;;) {
    for (const network of networks) {
      const cameras = await apiGet(base, cookieHeader, `/n/${network.id}/manage/vision/cameras`);
      const candidates = cameras
        .filter((camera) => camera.channel?.cloud_proxy_livestream_path)
        .sort((a, b) => a.id - b.id);
      for (const camera of candidates) {
        const livePath = camera.channel.cloud_proxy_livestream_path;
        const response = await fetch(`${base}${livePath}index.m3u8`, { headers: { Cookie: cookieHeader } });
        await response.arrayBuffer();
        if (response.ok) return { network, camera, livePath };
      }
    }
    if (Date.now() > deadline) throw new Error('no camera served a live playlist within 30 s');
    await sleep(500);
  }
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

// Runs in the page before any of its scripts. Records presented frames (requestVideoFrameCallback on every <video>)
// and, when `hookAppends`, the camsim SEI of every fMP4 fragment appended to a SourceBuffer with its media time.
function pageInstrumentation(hookAppends) {
  const UUID = 'a7c3f0d2-5e1b-4c8a-9f6e-2b4d8c1e7a90'.replace(/-/g, '');
  const bench = { frames: [], seis: [], timescale: 0, errors: [], watched: new WeakSet() };
  window.__liveBench = bench;
  const wall = (performanceTime) => performance.timeOrigin + performanceTime;

  const watch = (video) => {
    if (bench.watched.has(video) || typeof video.requestVideoFrameCallback !== 'function') return;
    bench.watched.add(video);
    const onFrame = (_now, metadata) => {
      bench.frames.push({
        mediaTime: metadata.mediaTime,
        displayMs: wall(metadata.expectedDisplayTime),
        presentedMs: wall(metadata.presentationTime),
        // Buffer ahead of the playhead, for the hold-back breakdown.
        ahead: video.buffered.length ? video.buffered.end(video.buffered.length - 1) - video.currentTime : 0,
      });
      video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
  };
  bench.watch = watch;
  const scan = () => document.querySelectorAll('video').forEach(watch);
  setInterval(scan, 50);

  if (!hookAppends) return;
  const u32 = (d, at) => ((d[at] << 24) | (d[at + 1] << 16) | (d[at + 2] << 8) | d[at + 3]) >>> 0;
  const type = (d, at) => String.fromCharCode(d[at + 4], d[at + 5], d[at + 6], d[at + 7]);
  function* walk(d, start, end) {
    let at = start;
    while (at + 8 <= end) {
      let size = u32(d, at);
      let header = 8;
      if (size === 1) {
        size = u32(d, at + 8) * 2 ** 32 + u32(d, at + 12);
        header = 16;
      } else if (size === 0) size = end - at;
      if (size < header || at + size > end) return;
      yield { type: type(d, at), start: at, body: at + header, end: at + size };
      at += size;
    }
  }
  const find = (d, start, end, path) => {
    for (const box of walk(d, start, end)) {
      if (box.type !== path[0]) continue;
      if (path.length === 1) return box;
      const inner = find(d, box.body, box.end, path.slice(1));
      if (inner) return inner;
    }
    return null;
  };
  const seiTime = (nal) => {
    const data = [];
    for (let i = 0; i < nal.length; i += 1) {
      if (i >= 2 && nal[i] === 3 && nal[i - 1] === 0 && nal[i - 2] === 0) continue;
      data.push(nal[i]);
    }
    let at = 1;
    while (at < data.length && data[at] !== 0x80) {
      let t = 0;
      while (data[at] === 0xff) t += data[at++];
      t += data[at++];
      let size = 0;
      while (data[at] === 0xff) size += data[at++];
      size += data[at++];
      if (t === 5 && size >= 24) {
        let uuid = '';
        for (let i = 0; i < 16; i += 1) uuid += data[at + i].toString(16).padStart(2, '0');
        if (uuid === UUID) {
          let us = 0;
          for (let i = 0; i < 8; i += 1) us = us * 256 + data[at + 16 + i];
          return us;
        }
      }
      at += size;
    }
    return null;
  };
  const inspect = (sourceBuffer, d) => {
    const moov = find(d, 0, d.length, ['moov', 'trak', 'mdia', 'mdhd']);
    if (moov) {
      const version = d[moov.body];
      bench.timescale = u32(d, moov.body + (version === 1 ? 20 : 12));
    }
    let moof = null;
    for (const box of walk(d, 0, d.length)) {
      if (box.type === 'moof') moof = box;
      if (box.type !== 'mdat' || !moof || !bench.timescale) continue;
      const tfdt = find(d, moof.body, moof.end, ['traf', 'tfdt']);
      const trun = find(d, moof.body, moof.end, ['traf', 'trun']);
      const tfhd = find(d, moof.body, moof.end, ['traf', 'tfhd']);
      if (!tfdt || !trun || !tfhd) continue;
      const decode = d[tfdt.body] === 1 ? u32(d, tfdt.body + 4) * 2 ** 32 + u32(d, tfdt.body + 8) : u32(d, tfdt.body + 4);
      // First sample's size and composition offset from trun (or tfhd defaults).
      const flags = u32(d, trun.body) & 0xffffff;
      const trunVersion = d[trun.body];
      let at = trun.body + 8;
      let dataOffset = null;
      if (flags & 0x1) {
        dataOffset = u32(d, at) | 0;
        at += 4;
      }
      if (flags & 0x4) at += 4;
      if (flags & 0x100) at += 4;
      let size = 0;
      if (flags & 0x200) {
        size = u32(d, at);
        at += 4;
      } else {
        const tfFlags = u32(d, tfhd.body) & 0xffffff;
        let t = tfhd.body + 8;
        if (tfFlags & 0x1) t += 8;
        if (tfFlags & 0x2) t += 4;
        if (tfFlags & 0x8) t += 4;
        if (tfFlags & 0x10) size = u32(d, t);
      }
      if (flags & 0x400) at += 4;
      let cto = 0;
      if (flags & 0x800) cto = trunVersion === 0 ? u32(d, at) : u32(d, at) | 0;
      let nalAt = dataOffset !== null ? moof.start + dataOffset : box.body;
      const sampleEnd = size ? Math.min(nalAt + size, box.end) : box.end;
      let sendUs = null;
      while (nalAt + 4 <= sampleEnd) {
        const length = u32(d, nalAt);
        nalAt += 4;
        if (!length || nalAt + length > sampleEnd) break;
        if ((d[nalAt] & 0x1f) === 6) {
          sendUs = seiTime(d.subarray(nalAt, nalAt + length));
          if (sendUs !== null) break;
        }
        nalAt += length;
      }
      if (sendUs !== null) {
        bench.seis.push({
          sendUs,
          mediaTime: (decode + cto) / bench.timescale + sourceBuffer.timestampOffset,
          appendedMs: Date.now(),
        });
      }
      moof = null;
    }
  };
  const original = SourceBuffer.prototype.appendBuffer;
  SourceBuffer.prototype.appendBuffer = function appendBuffer(data) {
    try {
      const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      inspect(this, bytes);
    } catch (error) {
      if (bench.errors.length < 5) bench.errors.push(String(error));
    }
    return original.call(this, data);
  };
}

// The bench's own page: hls.js UMD + the portal's LIVE config, SEI from FRAG_PARSING_USERDATA.
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
