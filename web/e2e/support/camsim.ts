import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { stopChild, trackChild } from './children';
import { CAMSIM_BIN, FOOTAGE_DIR } from './paths';

const READY_TIMEOUT_MS = 20_000;
const STOP_GRACE_MS = 3_000;

/** The control calls of camsim (docs/design/camsim.md "Control API"); `hang` keeps the connection and stops frames. */
export type CamsimAction = 'drop' | 'restore' | 'hang' | 'resize';

/**
 * Our own `camsim` (real RTSP cameras playing the build's footage) for specs that fault a camera: `argusd --demo` keeps
 * its own camsim's control URL to itself, so a spec adds a camera of this one to the demo network and drives it through
 * the control API.
 */
export class Camsim {
  private constructor(
    private readonly child: ChildProcess,
    private readonly stderr: { text: string },
    readonly rtspBaseUrl: string,
    readonly controlUrl: string,
  ) {}

  static async start(cameras = 1): Promise<Camsim> {
    const args = ['--footage-dir', FOOTAGE_DIR, '--port', '0', '--control-port', '0', '--cameras', String(cameras)];
    const child = spawn(CAMSIM_BIN, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    trackChild(child, 'camsim');
    const stderr = { text: '' };
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr.text = (stderr.text + chunk.toString()).slice(-4000);
    });
    try {
      const ready = await readyLine(child);
      const rtsp = /rtsp=(\S+)/.exec(ready)?.[1];
      const control = /control=(\S+)/.exec(ready)?.[1];
      if (!rtsp || !control) throw new Error(`unexpected ready line: ${ready}`);
      return new Camsim(child, stderr, rtsp, control);
    } catch (error) {
      await stopChild(child, STOP_GRACE_MS);
      throw new Error(`${CAMSIM_BIN} did not start: ${(error as Error).message}\n${stderr.text}`);
    }
  }

  /** `rtsp://127.0.0.1:PORT/cam{index}/{stream}`. */
  rtspUrl(index: number, stream: 'main' | 'sub'): string {
    return `${this.rtspBaseUrl.replace(/\/$/, '')}/cam${index}/${stream}`;
  }

  /** POST {control}/cameras/{index}/{action}; throws with the answer unless 200. */
  async control(index: number, action: CamsimAction): Promise<void> {
    const response = await fetch(`${this.controlUrl}/cameras/${index}/${action}`, { method: 'POST' });
    if (response.status !== 200) {
      throw new Error(`camsim POST /cameras/${index}/${action} answered ${response.status}: ${await response.text()}`);
    }
  }

  /** The end of what camsim wrote on stderr (for failure messages). */
  logTail(): string {
    return this.stderr.text;
  }

  async stop(): Promise<void> {
    await stopChild(this.child, STOP_GRACE_MS);
  }
}

/** The one line camsim prints on stdout when it listens (`camsim ready rtsp=… control=… cameras=N clips=K`). */
function readyLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error(`no ready line within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
    lines.on('line', (line) => {
      if (!line.startsWith('camsim ready ')) return;
      clearTimeout(timer);
      lines.close();
      resolve(line);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`exited (${code ?? signal})`));
    });
  });
}
