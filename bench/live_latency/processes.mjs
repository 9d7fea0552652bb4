// Child processes of bench/live_latency.mjs (argusd, camsim, janus, the RTP relay) and their CPU from /proc.
import { spawn, execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { sleep } from './util.mjs';

const running = new Set(); // every child still alive, killed on exit whatever happens

process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Starts a child with its stdout/stderr kept (last 16 KB) in `.log`. `name` labels error messages.
 * Resolves once `ready` (a RegExp) matched its output, or at once without one; rejects when it exits or errs first,
 * or after `timeoutMs`.
 */
export async function startProcess(name, bin, args, { ready = null, timeoutMs = 20_000, env = process.env } = {}) {
  const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  const started = { name, child, log: '', pid: child.pid };
  running.add(child);
  child.once('exit', () => running.delete(child));
  let spawnError = null;
  child.on('error', (error) => {
    spawnError = error;
  });
  const append = (chunk) => {
    started.log = (started.log + chunk.toString()).slice(-16_384);
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (spawnError) throw new Error(`cannot start ${name} (${bin}): ${spawnError.message}`);
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${name} exited early:\n${started.log}`);
    if (!ready || ready.test(started.log)) return started;
    if (Date.now() > deadline) throw new Error(`${name} was not ready within ${timeoutMs / 1000} s:\n${started.log}`);
    await sleep(50);
  }
}

/** SIGTERM, SIGKILL after graceMs; resolves when the child has exited. Idempotent. */
export async function stopProcess(started, graceMs = 5_000) {
  const { child } = started ?? {};
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

const CLOCK_TICKS_PER_S = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

function readStat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // comm may contain spaces and parentheses: the fields after it start after the last ')'.
    const close = text.lastIndexOf(')');
    const comm = text.slice(text.indexOf('(') + 1, close);
    const fields = text.slice(close + 2).split(' ');
    return { pid, comm, ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null; // gone
  }
}

function allProcesses() {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readStat(Number(name)))
    .filter(Boolean);
}

/** The process and all its descendants (pids), optionally only those whose comm matches. */
export function processTree(rootPid, commFilter = null) {
  const processes = allProcesses();
  const children = new Map();
  for (const p of processes) {
    if (!children.has(p.ppid)) children.set(p.ppid, []);
    children.get(p.ppid).push(p);
  }
  const out = [];
  const stack = processes.filter((p) => p.pid === rootPid);
  while (stack.length) {
    const p = stack.pop();
    if (!commFilter || commFilter.test(p.comm)) out.push(p.pid);
    stack.push(...(children.get(p.pid) ?? []));
  }
  return out;
}

/** Every chromium process started by this node process (the browser and its renderers, GPU and utility processes). */
export const chromiumPids = () => processTree(process.pid, /^(chrom|headless)/i);

/**
 * Starts a CPU window over the processes `pidsOf()` names (called again at the end, so processes started meanwhile
 * count from zero). `stop()` returns the CPU used in percent of one core over the window.
 */
export function cpuWindow(pidsOf) {
  const startedAt = performance.now();
  const before = new Map(pidsOf().map((pid) => [pid, readStat(pid)?.ticks ?? 0]));
  return {
    stop() {
      const seconds = (performance.now() - startedAt) / 1000;
      let ticks = 0;
      for (const pid of new Set([...before.keys(), ...pidsOf()])) {
        const now = readStat(pid)?.ticks;
        if (now === undefined) continue; // exited during the window: its last ticks are lost
        ticks += now - (before.get(pid) ?? 0);
      }
      return (ticks / CLOCK_TICKS_PER_S / seconds) * 100;
    },
  };
}
