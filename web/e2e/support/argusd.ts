import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { removeOnExit, stopChild, trackChild } from './children';
import { ARGUSD_BIN, WEB_ROOT } from './paths';

const execFileAsync = promisify(execFile);

export interface DemoCredential {
  email: string;
  password: string;
  role: string;
}

export interface StartOptions {
  /** Runs on the seeded data directory while no server is running (e.g. `argusd user set-idle-timeout`). */
  prepare?: (dataDir: string) => Promise<void>;
  /**
   * Runs object detection on the demo cameras (argusd's default). Off unless asked: on this 2-core machine the
   * detector's CPU would slow every other spec's video.
   */
  objectDetection?: boolean;
  /** The portal files argusd serves (default WEB_ROOT, the built web/dist), e.g. a copy a spec changes. */
  webRoot?: string;
}

const READY_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 5_000;
const LOG_LIMIT = 64 * 1024;

/** Fails with a clear message when the server binary or the built portal is missing. */
export function assertBuilt(): void {
  const missing: string[] = [];
  if (!existsSync(ARGUSD_BIN)) missing.push(ARGUSD_BIN);
  if (!existsSync(path.join(WEB_ROOT, 'index.html'))) missing.push(path.join(WEB_ROOT, 'index.html'));
  if (missing.length > 0) {
    throw new Error(`E2E needs the built server and portal; missing ${missing.join(' and ')}: run make build first`);
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Runs an administrative `argusd ARGS...` command (e.g. `user set-idle-timeout`) on a data directory while no server runs. */
export async function argusdCommand(args: string[]): Promise<void> {
  try {
    await execFileAsync(ARGUSD_BIN, args);
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(`argusd ${args.slice(0, 2).join(' ')} failed: ${stderr ?? String(error)}`);
  }
}

/** `argusd user set-idle-timeout`; the user must not be signed in yet (the server caches users for up to 5 s). */
export function setIdleTimeout(dataDir: string, email: string, minutes: number): Promise<void> {
  return argusdCommand(['user', 'set-idle-timeout', '--data-dir', dataDir, '--email', email, '--minutes', String(minutes)]);
}

/** One `argusd --demo` on a fresh data directory and a free loopback port. */
export class Argusd {
  private child: ChildProcess | null = null;
  private log = '';
  port = 0;
  credentials: DemoCredential[] = [];
  /** The demo inbox (sign-in codes by e-mail and SMS), `http://127.0.0.1:PORT`: set from argusd's ready log. */
  inboxUrl = '';
  /** The demo's door-controller simulator (tools/doorsim), `http://127.0.0.1:PORT`: set from argusd's log. */
  doorsimUrl = '';

  private constructor(
    readonly dataDir: string,
    private readonly objectDetection: boolean,
    private readonly webRoot: string,
  ) {}

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Seeds a fresh data directory (first start), optionally prepares it offline, then serves it. */
  static async start(options: StartOptions = {}): Promise<Argusd> {
    assertBuilt();
    const server = new Argusd(
      mkdtempSync(path.join(os.tmpdir(), 'argus-e2e-data-')),
      options.objectDetection ?? false,
      options.webRoot ?? WEB_ROOT,
    );
    removeOnExit(server.dataDir);
    try {
      await server.launch();
      if (options.prepare) {
        await server.stopProcess();
        await options.prepare(server.dataDir);
        await server.launch();
      }
      server.credentials = server.readCredentials();
      return server;
    } catch (error) {
      await server.stop();
      throw error;
    }
  }

  credential(email: string): DemoCredential {
    const found = this.credentials.find((entry) => entry.email === email);
    if (!found) throw new Error(`no demo credentials for ${email} in ${this.dataDir}/demo-credentials.json`);
    return found;
  }

  /** The last lines argusd wrote (for failure messages). */
  logTail(chars = 4000): string {
    return this.log.slice(-chars);
  }

  async stop(): Promise<void> {
    await this.stopProcess();
    rmSync(this.dataDir, { recursive: true, force: true });
    removeOnExit(this.dataDir, false);
  }

  private readCredentials(): DemoCredential[] {
    const file = path.join(this.dataDir, 'demo-credentials.json');
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as DemoCredential[];
    if (!Array.isArray(parsed) || parsed.length === 0) throw new Error(`${file} holds no credentials`);
    return parsed;
  }

  private async launch(): Promise<void> {
    this.port = await freePort();
    const args = [
      '--data-dir',
      this.dataDir,
      '--listen',
      `127.0.0.1:${this.port}`,
      '--demo',
      '--web-root',
      this.webRoot,
      '--log-level',
      'info',
      // Detection specs check what is found, not the CPU budget: a whole core, as the browser shares the machine.
      ...(this.objectDetection ? ['--detect-cpu', '100'] : ['--detect-fps', '0']),
    ];
    const child = spawn(ARGUSD_BIN, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    trackChild(child, 'argusd');
    const append = (chunk: Buffer) => {
      this.log = (this.log + chunk.toString()).slice(-LOG_LIMIT);
      // argusd prints "Demo inbox (sign-in codes by e-mail and SMS): http://127.0.0.1:PORT/" before it serves.
      const inbox = /Demo inbox[^\n]*?(http:\/\/127\.0\.0\.1:\d+)\//.exec(this.log);
      if (inbox) this.inboxUrl = inbox[1];
      const doorsims = [...this.log.matchAll(/door-controller simulator at (http:\/\/127\.0\.0\.1:\d+)/g)];
      if (doorsims.length > 0) this.doorsimUrl = doorsims[doorsims.length - 1][1];
    };
    child.stdout?.on('data', append);
    child.stderr?.on('data', append);
    await this.waitReady(child);
  }

  private async waitReady(child: ChildProcess): Promise<void> {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    let lastError = '';
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(
          `argusd exited (${child.exitCode ?? child.signalCode}) before answering GET /n1/csrf/token:\n${this.logTail()}`,
        );
      }
      try {
        const response = await fetch(`${this.baseUrl}/n1/csrf/token`, { signal: AbortSignal.timeout(2_000) });
        if (response.ok) {
          const body = (await response.json()) as { csrf_token?: string };
          if (body.csrf_token) return;
        }
        lastError = `HTTP ${response.status}`;
      } catch (error) {
        lastError = String(error);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`argusd did not answer GET /n1/csrf/token within ${READY_TIMEOUT_MS} ms (${lastError}):\n${this.logTail()}`);
  }

  private async stopProcess(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (child) await stopChild(child, STOP_GRACE_MS);
  }
}

/** Starts a demo server whose `email` user has an idle timeout of `minutes` (set before anyone signs in). */
export function startArgusdWithIdleTimeout(email: string, minutes: number): Promise<Argusd> {
  return Argusd.start({ prepare: (dataDir) => setIdleTimeout(dataDir, email, minutes) });
}
