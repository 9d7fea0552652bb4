import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assertBuilt } from './argusd';
import { PID_DIR_ENV, RESULTS_DIR } from './paths';

/**
 * Runs once in the main Vitest process: checks the build outputs early (clear message instead of 5 failing files),
 * and on teardown kills any argusd or camsim a crashed worker left behind.
 */
export default function setup() {
  assertBuilt();
  mkdirSync(RESULTS_DIR, { recursive: true });
  const pidDir = mkdtempSync(path.join(os.tmpdir(), 'argus-e2e-pids-'));
  process.env[PID_DIR_ENV] = pidDir;
  return () => {
    for (const file of readdirSync(pidDir)) {
      const pid = Number(readFileSync(path.join(pidDir, file), 'utf8'));
      if (!Number.isInteger(pid) || pid <= 0) continue;
      try {
        process.kill(pid, 'SIGKILL');
        console.warn(`[e2e] killed leftover ${file.split('-')[0]} (pid ${pid})`);
      } catch {
        // Already gone.
      }
    }
    rmSync(pidDir, { recursive: true, force: true });
  };
}
