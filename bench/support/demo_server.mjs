// Starts and stops `argusd --demo` for the Node benchmarks: a free loopback port, a fresh data dir, the built portal.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, sleep } from '../live_latency/util.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const ARGUSD_BIN = process.env.ARGUSD_BIN ?? path.join(ROOT, 'build', 'bin', 'argusd');
export const WEB_ROOT = process.env.ARGUS_WEB_ROOT ?? path.join(ROOT, 'web', 'dist');
/** More argusd options for every benchmark's server, e.g. ARGUSD_EXTRA_ARGS='--detect-fps 0' (split on spaces). */
const EXTRA_ARGS = (process.env.ARGUSD_EXTRA_ARGS ?? '').split(' ').filter(Boolean);

/**
 * Starts argusd serving `webRoot` (the built portal by default), with `extraArgs` added; answers {child, dataDir, base, log, head} once
 * `GET /n1/csrf/token` answers (at most 30 s). `log` is the output's last 16 kB, `head` its first 16 kB (the start-up
 * lines, e.g. the demo's camsim control URL at `info`).
 */
export async function startDemoServer(tmpPrefix, { logLevel = 'warn', webRoot = WEB_ROOT, extraArgs = [] } = {}) {
  if (!existsSync(ARGUSD_BIN)) throw new Error(`build first: ${ARGUSD_BIN} is missing`);
  if (!existsSync(path.join(webRoot, 'index.html'))) throw new Error(`build the portal first: ${webRoot}/index.html is missing`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), tmpPrefix));
  const port = await freePort();
  const args = ['--data-dir', dataDir, '--listen', `127.0.0.1:${port}`, '--demo', '--web-root', webRoot, '--log-level', logLevel, ...EXTRA_ARGS, ...extraArgs];
  const child = spawn(ARGUSD_BIN, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const started = { child, dataDir, base: `http://127.0.0.1:${port}`, log: '', head: '' };
  // Output can still arrive while the server stops: append to this start's record.
  const append = (chunk) => {
    started.log = (started.log + chunk.toString()).slice(-16_384);
    if (started.head.length < 16_384) started.head = (started.head + chunk.toString()).slice(0, 16_384);
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
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`argusd exited early:\n${started.log}`);
    try {
      const response = await fetch(`${started.base}/n1/csrf/token`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`argusd did not answer within 30 s:\n${started.log}`);
    await sleep(100);
  }
  return started;
}

/** SIGTERM (SIGKILL after 5 s), then removes the data dir. */
export async function stopDemoServer({ child, dataDir }) {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(dataDir, { recursive: true, force: true });
}

/** Last-resort cleanup when the process exits without stopDemoServer (an exception, Ctrl-C). */
export function killOnExit(getServer) {
  process.on('exit', () => {
    const server = getServer();
    if (server?.child && server.child.exitCode === null) server.child.kill('SIGKILL');
    if (server?.dataDir) rmSync(server.dataDir, { recursive: true, force: true });
  });
}
