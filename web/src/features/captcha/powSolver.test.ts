import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PowReport, PowRequest } from './powMessages';
import { workerPowSolver } from './powSolver';
import { makeChallenge } from './test/makeChallenge';

/** Stands in for the browser's Worker: records what the page sends and lets the test answer. */
class FakeWorker {
  static started: FakeWorker[] = [];
  posted: PowRequest[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent<PowReport>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;

  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.started.push(this);
  }

  postMessage(request: PowRequest) {
    this.posted.push(request);
  }

  terminate() {
    this.terminated = true;
  }

  report(report: PowReport) {
    this.onmessage?.(new MessageEvent('message', { data: report }));
  }
}

const puzzle = { challenge: 'ab'.repeat(32), salt: 'salt', maxnumber: 10 };

describe('workerPowSolver', () => {
  afterEach(() => {
    FakeWorker.started = [];
    vi.unstubAllGlobals();
  });

  it('starts a module worker, relays its progress and ends it with the number', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const onProgress = vi.fn();
    const search = workerPowSolver.solve(puzzle, onProgress);
    const [worker] = FakeWorker.started;
    expect(worker.url.pathname).toMatch(/powWorker\.ts$/);
    expect(worker.options).toEqual({ type: 'module' });
    expect(worker.posted).toEqual([{ puzzle }]);

    worker.report({ type: 'progress', fraction: 0.25 });
    expect(onProgress).toHaveBeenCalledWith(0.25);
    worker.report({ type: 'solved', number: 7 });
    await expect(search.result).resolves.toBe(7);
    expect(worker.terminated).toBe(true);
  });

  it('answers null for not-found and for a cancelled search', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const notFound = workerPowSolver.solve(puzzle, vi.fn());
    FakeWorker.started[0].report({ type: 'not-found' });
    await expect(notFound.result).resolves.toBeNull();

    const cancelled = workerPowSolver.solve(puzzle, vi.fn());
    cancelled.cancel();
    await expect(cancelled.result).resolves.toBeNull();
    expect(FakeWorker.started[1].terminated).toBe(true);
  });

  it('rejects when the worker fails or cannot start', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const failed = workerPowSolver.solve(puzzle, vi.fn());
    FakeWorker.started[0].onerror?.(new ErrorEvent('error', { message: 'boom' }));
    await expect(failed.result).rejects.toThrow('boom');

    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new DOMException('Refused', 'SecurityError');
        }
      },
    );
    await expect(workerPowSolver.solve(puzzle, vi.fn()).result).rejects.toThrow('Refused');
  });

  it('solves on the page where there is no Worker (as in jsdom)', async () => {
    expect(typeof Worker).toBe('undefined');
    const challenge = await makeChallenge(321, { maxnumber: 1_000 });
    const onProgress = vi.fn();
    await expect(workerPowSolver.solve(challenge, onProgress).result).resolves.toBe(321);
    expect(FakeWorker.started).toHaveLength(0);
  });
});

describe('powWorker', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('solves the puzzle it is sent, reporting progress, then the number', async () => {
    const reports: PowReport[] = [];
    const workerScope = {
      onmessage: null as ((event: MessageEvent<PowRequest>) => Promise<void>) | null,
      postMessage: (report: PowReport) => reports.push(report),
    };
    vi.stubGlobal('self', workerScope);
    await import('./powWorker');
    const challenge = await makeChallenge(4_500, { maxnumber: 5_000 });
    await workerScope.onmessage?.(new MessageEvent('message', { data: { puzzle: challenge } }));
    expect(reports.at(-1)).toEqual({ type: 'solved', number: 4_500 });
    expect(reports.filter((report) => report.type === 'progress')).toEqual([
      { type: 'progress', fraction: 2_000 / 5_001 },
      { type: 'progress', fraction: 4_000 / 5_001 },
    ]);
  });
});
