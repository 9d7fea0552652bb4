import type { PowPuzzle } from './types';

/** The page asks the worker (powWorker.ts) to solve one puzzle; a worker solves one and is then terminated. */
export interface PowRequest {
  puzzle: PowPuzzle;
}

export type PowReport =
  /** The share of [0, maxnumber] tried so far, 0..1. */
  | { type: 'progress'; fraction: number }
  | { type: 'solved'; number: number }
  /** No number in [0, maxnumber] gives the challenge. */
  | { type: 'not-found' };
