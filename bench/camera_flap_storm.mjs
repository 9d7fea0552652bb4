#!/usr/bin/env node
// Camera flap storm (issue 14 "Load"): the demo camsim's cameras dropped and restored `--flaps-per-minute` times a
// minute (default 100) for `--minutes` (default 10), round-robin over the cameras; argusd's resident memory, open file
// descriptors and threads sampled every 10 s. A leak per reconnect shows as growth between the storm's first and last
// minute; the figures to look at are the `growth` lines (targets: none).
//
// 1. Starts `build/bin/argusd --demo` (fresh data dir, free loopback port), reads the camsim control URL and cameras
//    from its start-up log, signs in as the demo org admin and waits until the cameras are active (30 s warm-up).
// 2. The storm: every 60,000 / flaps-per-minute ms one camera is dropped (camsim closes its connections and answers
//    404, argusd reconnects with backoff) and restored half an interval later.
// 3. Afterwards: how long until every camera is active again, then the figures, one per line. Asserts nothing.
//
// Usage: node bench/camera_flap_storm.mjs [--minutes 10] [--flaps-per-minute 100]   Env: ARGUSD_BIN.
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { apiGet, signIn } from './live_latency/demo_session.mjs';
import { sleep } from './live_latency/util.mjs';
import { killOnExit, startDemoServer, stopDemoServer } from './support/demo_server.mjs';

const { values: options } = parseArgs({
  options: { minutes: { type: 'string', default: '10' }, 'flaps-per-minute': { type: 'string', default: '100' } },
});
const MINUTES = Number(options.minutes);
const FLAPS_PER_MINUTE = Number(options['flaps-per-minute']);
const SAMPLE_MS = 10_000;
const WARM_UP_MS = 30_000;

let server = null;
killOnExit(() => server);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    (server ? stopDemoServer(server) : Promise.resolve()).finally(() => process.exit(128 + (os.constants.signals[signal] ?? 1)));
  });
}

/** The demo camsim's control URL and its cameras (camsim index → argus camera id) from argusd's start-up log. */
function demoCamsim(log) {
  const control = /demo: camsim serves .* control (http:\/\/\S+)/.exec(log)?.[1];
  const cameras = [...log.matchAll(/demo: camsim camera (\d+) = argus camera (\d+)/g)].map((match) => ({
    index: Number(match[1]),
    id: Number(match[2]),
  }));
  if (!control || cameras.length === 0) throw new Error(`argusd did not log the demo camsim (is build/bin/camsim built?)`);
  return { control, cameras };
}

async function camsim(control, index, action) {
  const response = await fetch(`${control}/cameras/${index}/${action}`, { method: 'POST' });
  if (!response.ok) throw new Error(`camsim ${action} of camera ${index} answered ${response.status}`);
}

/** argusd's resident memory (MB), open file descriptors and threads, from /proc. */
function sample(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { t: Date.now(), rssMb: field('VmRSS') / 1024, fds: readdirSync(`/proc/${pid}/fd`).length, threads: field('Threads') };
}

async function statusesOf(base, cookieHeader, ids) {
  const statuses = new Map();
  for (const network of await apiGet(base, cookieHeader, '/vision/networks')) {
    for (const camera of await apiGet(base, cookieHeader, `/n/${network.id}/manage/vision/cameras?fields=id,status`)) {
      if (ids.includes(camera.id)) statuses.set(camera.id, camera.status);
    }
  }
  return statuses;
}

async function allActive(base, cookieHeader, ids) {
  const statuses = await statusesOf(base, cookieHeader, ids);
  return ids.every((id) => statuses.get(id) === 'active');
}

async function main() {
  server = await startDemoServer('argus-flap-', { logLevel: 'info', extraArgs: ['--detect-fps', '0'] });
  const { control, cameras } = demoCamsim(server.head);
  const { cookieHeader } = await signIn(server.base, server.dataDir);
  const ids = cameras.map((camera) => camera.id);
  await sleep(WARM_UP_MS);
  const activeBefore = (await statusesOf(server.base, cookieHeader, ids));
  const streaming = cameras.filter((camera) => activeBefore.get(camera.id) === 'active');
  console.log(`flap_storm.cameras: ${streaming.length} streaming of ${cameras.length}`);

  const samples = [sample(server.child.pid)];
  const interval = 60_000 / FLAPS_PER_MINUTE;
  const end = Date.now() + MINUTES * 60_000;
  let flaps = 0;
  let nextSample = Date.now() + SAMPLE_MS;
  while (Date.now() < end) {
    const camera = streaming[flaps % streaming.length];
    const started = Date.now();
    await camsim(control, camera.index, 'drop');
    await sleep(interval / 2);
    await camsim(control, camera.index, 'restore');
    flaps += 1;
    if (Date.now() >= nextSample) {
      samples.push(sample(server.child.pid));
      nextSample += SAMPLE_MS;
    }
    await sleep(Math.max(0, interval - (Date.now() - started)));
  }
  samples.push(sample(server.child.pid));
  const stormEnded = Date.now();
  let recoveredMs = NaN;
  while (Date.now() - stormEnded < 60_000) {
    if (await allActive(server.base, cookieHeader, streaming.map((camera) => camera.id))) {
      recoveredMs = Date.now() - stormEnded;
      break;
    }
    await sleep(250);
  }
  await sleep(SAMPLE_MS);
  const settled = sample(server.child.pid);

  const firstMinute = samples.filter((entry) => entry.t - samples[0].t <= 60_000);
  const lastMinute = samples.filter((entry) => stormEnded - entry.t <= 60_000);
  const mean = (entries, key) => entries.reduce((sum, entry) => sum + entry[key], 0) / entries.length;
  const fixed = (value) => value.toFixed(1);
  console.log(`flap_storm.flaps: ${flaps} in ${MINUTES} min (${FLAPS_PER_MINUTE}/min requested)`);
  for (const [key, unit] of [['rssMb', 'MB'], ['fds', ''], ['threads', '']]) {
    const name = { rssMb: 'rss', fds: 'open_fds', threads: 'threads' }[key];
    console.log(`flap_storm.${name}.before_storm: ${fixed(samples[0][key])} ${unit}`);
    console.log(`flap_storm.${name}.first_minute_mean: ${fixed(mean(firstMinute, key))} ${unit}`);
    console.log(`flap_storm.${name}.last_minute_mean: ${fixed(mean(lastMinute, key))} ${unit}`);
    console.log(`flap_storm.${name}.growth_first_to_last_minute: ${fixed(mean(lastMinute, key) - mean(firstMinute, key))} ${unit}`);
    console.log(`flap_storm.${name}.max: ${fixed(Math.max(...samples.map((entry) => entry[key])))} ${unit}`);
    console.log(`flap_storm.${name}.settled_10s_after: ${fixed(settled[key])} ${unit}`);
  }
  console.log(`flap_storm.all_active_again_after_ms: ${Number.isFinite(recoveredMs) ? recoveredMs : 'n/a (60 s)'}`);
}

main()
  .catch((error) => {
    console.error(error.stack ?? String(error));
    process.exitCode = 1;
  })
  .finally(() => (server ? stopDemoServer(server) : undefined));
