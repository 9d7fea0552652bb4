import type { ChildProcess } from 'node:child_process';
import { rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PID_DIR_ENV } from './paths';

/**
 * Child processes the suite starts (argusd, camsim): killed hard if the worker goes away without running afterAll, and
 * registered by pid in the global setup's directory so its teardown can kill leftovers of a crashed worker.
 */

const live = new Set<ChildProcess>();
const pidFiles = new Map<ChildProcess, string>();
const dirsToRemove = new Set<string>();
let exitHooksInstalled = false;

function installExitHooks(): void {
  if (exitHooksInstalled) return;
  exitHooksInstalled = true;
  const killAll = () => {
    for (const child of live) {
      try {
        child.kill('SIGKILL');
      } catch {
        // Already gone.
      }
    }
    for (const dir of dirsToRemove) rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      killAll();
      process.exit(128 + (os.constants.signals[signal] ?? 1));
    });
  }
}

/** Tracks a started child (`name` prefixes its pid file). */
export function trackChild(child: ChildProcess, name: string): void {
  installExitHooks();
  live.add(child);
  child.on('exit', () => live.delete(child));
  const pidDir = process.env[PID_DIR_ENV];
  if (pidDir && child.pid) {
    const file = path.join(pidDir, `${name}-${child.pid}`);
    writeFileSync(file, String(child.pid));
    pidFiles.set(child, file);
  }
}

/** A directory deleted when the worker exits early (the owner deletes it itself on a normal stop). */
export function removeOnExit(dir: string, remove = true): void {
  installExitHooks();
  if (remove) dirsToRemove.add(dir);
  else dirsToRemove.delete(dir);
}

/** SIGTERM, SIGKILL after `graceMs`; resolves once the child is gone and forgets it. */
export async function stopChild(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  }
  live.delete(child);
  const file = pidFiles.get(child);
  pidFiles.delete(child);
  if (file) {
    try {
      unlinkSync(file);
    } catch {
      // Already removed.
    }
  }
}
