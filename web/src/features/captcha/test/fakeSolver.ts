import type { PowSolver } from '../powSolver';
import type { PowPuzzle } from '../types';

/** One search the widget started; the test reports its progress and ends it. */
export interface FakeSearch {
  puzzle: PowPuzzle;
  progress: (fraction: number) => void;
  finish: (number: number | null) => void;
  fail: (error: Error) => void;
  cancelled: boolean;
}

/** A PowSolver without a Worker: every search waits for the test. */
export function fakeSolver() {
  const searches: FakeSearch[] = [];
  const solver: PowSolver = {
    solve(puzzle, onProgress) {
      let finish: (number: number | null) => void = () => {};
      let fail: (error: Error) => void = () => {};
      const result = new Promise<number | null>((resolve, reject) => {
        finish = resolve;
        fail = reject;
      });
      const search: FakeSearch = { puzzle, progress: onProgress, finish, fail, cancelled: false };
      searches.push(search);
      return {
        result,
        cancel: () => {
          search.cancelled = true;
          finish(null);
        },
      };
    },
  };
  return { solver, searches };
}
