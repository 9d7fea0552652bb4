// argusd for bench/live_latency.mjs: `--demo` (demo org, admin credentials, demo cameras on camsim) with the built
// portal, on a free loopback port with a fresh data directory that stop() removes.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startProcess, stopProcess } from './processes.mjs';
import { freePort, sleep } from './util.mjs';

export async function startArgusd(argusdBin, webRoot) {
  if (!existsSync(argusdBin)) throw new Error(`build first: ${argusdBin} is missing`);
  if (!existsSync(path.join(webRoot, 'index.html'))) throw new Error(`build the portal first: ${webRoot}/index.html is missing`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'argus-live-latency-'));
  const port = await freePort();
  const args = ['--data-dir', dataDir, '--listen', `127.0.0.1:${port}`, '--demo', '--web-root', webRoot, '--log-level', 'warn'];
  const server = { dataDir, base: `http://127.0.0.1:${port}`, process: null };
  server.stop = async () => {
    await stopProcess(server.process);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    server.process = await startProcess('argusd', argusdBin, args);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { child, log } = server.process;
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`argusd exited early:\n${log}`);
      try {
        const response = await fetch(`${server.base}/n1/csrf/token`, { signal: AbortSignal.timeout(2_000) });
        if (response.ok) return server;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) throw new Error(`argusd did not answer within 30 s:\n${log}`);
      await sleep(100);
    }
  } catch (error) {
    await server.stop();
    throw error;
  }
}
