#!/usr/bin/env node
// Exports while cameras record (issue 10 benchmark): argusd --demo with --cameras cameras recording (the demo's and,
// for more, argus cameras added on the demo camsim's streams), then --exports exports at once through the API, each
// of the last --range-seconds of another camera. Prints the time until every export completed, argusd's CPU over
// that window beside its CPU recording alone, and whether recording lost anything meanwhile: each camera's recorded
// ranges (the availability call, gaps over 1 s) across the export window must be one unbroken range.
//
// Usage: node bench/export_while_recording.mjs [--cameras 16] [--exports 8] [--range-seconds 60]
// Env: ARGUSD_BIN.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { apiGet, apiSend, signIn } from './live_latency/demo_session.mjs';
import { cpuWindow } from './live_latency/processes.mjs';
import { sleep } from './live_latency/util.mjs';
import { wallCameras } from './live_wall/wall_setup.mjs';
import { optionsOrExit, stopOnSignals, wholeNumberOption } from './support/bench_cli.mjs';
import { killOnExit, startDemoServer, stopDemoServer } from './support/demo_server.mjs';

function readOptions(args) {
  const { values } = parseArgs({
    args,
    options: {
      cameras: { type: 'string', default: '16' },
      exports: { type: 'string', default: '8' },
      'range-seconds': { type: 'string', default: '60' },
    },
  });
  const number = (name, min, max) => wholeNumberOption(values, name, min, max);
  return { cameras: number('cameras', 1, 64), exports: number('exports', 1, 64), rangeSeconds: number('range-seconds', 5, 600) };
}

const options = optionsOrExit('export_while_recording', readOptions);
let server = null;
killOnExit(() => server);
stopOnSignals(async () => {
  if (server) await stopDemoServer(server);
  server = null;
});

async function main() {
  server = await startDemoServer('argus-export-rec-', { logLevel: 'info' });
  const session = await signIn(server.base, server.dataDir);
  const { cameras, added } = await wallCameras(server.base, session, server.head, options.cameras, 'main');
  const pid = server.child.pid;
  console.log(`export_while_recording.setup: ${cameras.length} cameras recording (${added} added), ${options.exports} exports of ${options.rangeSeconds} s`);
  await sleep((options.rangeSeconds + 10) * 1000); // every camera has the range recorded
  const baseline = cpuWindow(() => [pid]);
  await sleep(5000);
  const recordingCpu = baseline.stop();

  const t1 = Date.now() - 3000;
  const t0 = t1 - options.rangeSeconds * 1000;
  const started = performance.now();
  const cpu = cpuWindow(() => [pid]);
  const jobs = [];
  for (let i = 0; i < options.exports; i += 1) {
    const camera = cameras[i % cameras.length];
    const job = await apiSend(server.base, session, 'POST', `/n/${camera.network.id}/manage/video/export`, {
      video_channel_id: camera.channel.id,
      t0: t0 / 1000,
      t1: t1 / 1000,
      filename: `bench ${i + 1}`,
      skip_duplicate_check: true,
    });
    jobs.push({ id: job.id, network: camera.network.id });
  }
  const states = new Map();
  while (performance.now() - started < 300_000) {
    for (const job of jobs) {
      const list = await apiGet(server.base, session.cookieHeader, `/n/${job.network}/manage/dashboard/job_data?job_ids=${job.id}`);
      states.set(job.id, list.jobs[0]);
    }
    if ([...states.values()].every((job) => ['complete', 'error', 'user_friendly_error'].includes(job.export_state))) break;
    await sleep(200);
  }
  const elapsedS = (performance.now() - started) / 1000;
  const exportingCpu = cpu.stop();
  const done = [...states.values()];
  const complete = done.filter((job) => job.export_state === 'complete');
  const megabytes = complete.reduce((sum, job) => sum + job.file_bytes, 0) / 1e6;

  // Recording across the window: one unbroken range per camera (availability merges gaps up to 1 s).
  const windowStart = t0;
  const windowEnd = Date.now() - 2000;
  let broken = 0;
  for (const camera of cameras) {
    const ranges = (await apiGet(server.base, session.cookieHeader,
      `/n/${camera.network.id}/manage/vision/cameras/${camera.id}/availability?t0=${windowStart}&t1=${windowEnd}`)).camera;
    const covered = ranges.length === 1 && ranges[0][0] <= windowStart + 1000 && ranges[0][1] >= windowEnd - 3000;
    if (!covered) {
      broken += 1;
      console.log(`export_while_recording.gap: camera ${camera.id} ranges ${JSON.stringify(ranges)}`);
    }
  }
  console.log(`export_while_recording.all_complete_s: ${elapsedS.toFixed(2)}   (${complete.length} of ${done.length} complete, ${megabytes.toFixed(1)} MB)`);
  console.log(`export_while_recording.argusd_cpu_pct: ${exportingCpu.toFixed(1)}   (recording alone ${recordingCpu.toFixed(1)}; % of one core)`);
  console.log(`export_while_recording.cameras_with_recording_gaps: ${broken}   of ${cameras.length} (across the export window; target 0)`);
  console.log(`export_while_recording.load_average_1m: ${os.loadavg()[0].toFixed(1)}   (${os.cpus().length} cores)`);
}

try {
  await main();
} catch (error) {
  console.error(`export_while_recording: ${error instanceof Error ? error.stack : error}`);
  if (server?.log) console.error(`argusd log tail:\n${server.log.slice(-2000)}`);
  process.exitCode = 1;
} finally {
  if (server) await stopDemoServer(server);
  server = null;
}
