import type { PowPuzzle } from './types';

/** Lower-case hex SHA-256 of the UTF-8 bytes of a text: `sha256Hex`, or an async one in tests and comparisons. */
export type Digest = (text: string) => string | Promise<string>;

export interface SolveOptions {
  /** Numbers tried between two progress reports (and two looks at `signal`). */
  batchSize?: number;
  /** The share of [0, maxnumber] tried so far, 0..1, after each batch. */
  onProgress?: (fraction: number) => void;
  /** Stops the search between batches; the promise then resolves null. */
  signal?: AbortSignal;
}

export const DEFAULT_BATCH_SIZE = 2_000;

/** The digests of `salt + n` for n in [first, last]; awaited together when the digest is async. */
async function digestBatch(salt: string, first: number, last: number, digest: Digest): Promise<string[]> {
  const results: (string | Promise<string>)[] = [];
  for (let n = first; n <= last; n++) results.push(digest(salt + String(n)));
  return typeof results[0] === 'string' ? (results as string[]) : Promise.all(results);
}

/**
 * The proof of work of `CaptchaChallenge` (docs/api/openapi.yaml): the integer n in [0, maxnumber], tried from 0
 * upward, whose `digest(salt + String(n))` is `challenge`; null when there is none (or the search was stopped).
 */
export async function solveChallenge(
  puzzle: PowPuzzle,
  digest: Digest,
  options: SolveOptions = {},
): Promise<number | null> {
  const { batchSize = DEFAULT_BATCH_SIZE, onProgress, signal } = options;
  const target = puzzle.challenge.toLowerCase();
  const total = puzzle.maxnumber + 1;
  for (let first = 0; first < total; first += batchSize) {
    if (signal?.aborted) return null;
    const last = Math.min(first + batchSize, total) - 1;
    const index = (await digestBatch(puzzle.salt, first, last, digest)).indexOf(target);
    if (index >= 0) return first + index;
    onProgress?.((last + 1) / total);
  }
  return null;
}
