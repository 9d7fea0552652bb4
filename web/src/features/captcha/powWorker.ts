/// <reference lib="webworker" />
import type { PowReport, PowRequest } from './powMessages';
import { sha256Hex } from './sha256';
import { solveChallenge } from './solveChallenge';

/** The proof of work off the page's main thread (powSolver.ts starts one worker per puzzle). */
const scope = self as unknown as DedicatedWorkerGlobalScope;

function report(message: PowReport): void {
  scope.postMessage(message);
}

scope.onmessage = async (event: MessageEvent<PowRequest>) => {
  const onProgress = (fraction: number) => report({ type: 'progress', fraction });
  const number = await solveChallenge(event.data.puzzle, sha256Hex, { onProgress });
  report(number === null ? { type: 'not-found' } : { type: 'solved', number });
};
