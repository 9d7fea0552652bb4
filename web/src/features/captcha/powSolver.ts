import type { PowReport, PowRequest } from './powMessages';
import { sha256Hex } from './sha256';
import { solveChallenge } from './solveChallenge';
import type { PowPuzzle } from './types';

/** One search for a puzzle's number. */
export interface PowSearch {
  /** The number; null when there is none or the search was cancelled. Rejects when the search could not run. */
  result: Promise<number | null>;
  cancel(): void;
}

/** Solves proof-of-work puzzles; the widget takes one as a prop, so tests give it a fake instead of a Worker. */
export interface PowSolver {
  /** Starts a search; `onProgress` gets the share tried so far, 0..1. */
  solve(puzzle: PowPuzzle, onProgress: (fraction: number) => void): PowSearch;
}

/**
 * Solves on the page's own thread: where there is no Worker (jsdom in unit tests; very old browsers), at the cost of a
 * page that may not respond for about a second.
 */
export const mainThreadPowSolver: PowSolver = {
  solve(puzzle, onProgress) {
    const controller = new AbortController();
    const result = solveChallenge(puzzle, sha256Hex, { onProgress, signal: controller.signal });
    return { result, cancel: () => controller.abort() };
  },
};

/**
 * The browser's solver: a module Worker (powWorker.ts) per search, terminated when it ends or is cancelled
 * (`mainThreadPowSolver` where there is no Worker).
 */
export const workerPowSolver: PowSolver = {
  solve(puzzle, onProgress) {
    if (typeof Worker === 'undefined') return mainThreadPowSolver.solve(puzzle, onProgress);
    let cancel = () => {};
    const result = new Promise<number | null>((resolve, reject) => {
      const worker = new Worker(new URL('./powWorker.ts', import.meta.url), { type: 'module' });
      const finish = (settle: () => void) => {
        worker.terminate();
        settle();
      };
      cancel = () => finish(() => resolve(null));
      worker.onmessage = (event: MessageEvent<PowReport>) => {
        const report = event.data;
        if (report.type === 'progress') onProgress(report.fraction);
        else finish(() => resolve(report.type === 'solved' ? report.number : null));
      };
      worker.onerror = (event) => finish(() => reject(new Error(event.message || 'The captcha worker failed.')));
      const { challenge, salt, maxnumber } = puzzle;
      const request: PowRequest = { puzzle: { challenge, salt, maxnumber } };
      worker.postMessage(request);
    });
    return { result, cancel: () => cancel() };
  },
};
