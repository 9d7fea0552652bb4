import { describe, expect, it } from 'vitest';
import { blockKey, blocksCovering, blockStart, isBlockValid, mergeRanges } from './availabilityBlocks';

const BLOCK = 7_200_000;

describe('availability blocks', () => {
  it('keys 2 h blocks by camera and block start', () => {
    expect(blockStart(BLOCK + 5)).toBe(BLOCK);
    expect(blockKey(7, BLOCK)).toBe(`7:${BLOCK}`);
  });

  it('lists the blocks covering a window, none after now', () => {
    expect(blocksCovering(BLOCK - 1, 3 * BLOCK + 1, 10 * BLOCK)).toEqual([0, BLOCK, 2 * BLOCK, 3 * BLOCK]);
    expect(blocksCovering(BLOCK, 5 * BLOCK, 2 * BLOCK + 10)).toEqual([BLOCK, 2 * BLOCK]);
  });

  it('keeps the current block 30 s and the others 5 min', () => {
    const now = 3 * BLOCK + 1000;
    const current = { blockStartMs: 3 * BLOCK, fetchedAtMs: now - 29_000, ranges: { camera: [], cloud: [] } };
    expect(isBlockValid(current, now)).toBe(true);
    expect(isBlockValid({ ...current, fetchedAtMs: now - 30_000 }, now)).toBe(false);
    const old = { ...current, blockStartMs: BLOCK, fetchedAtMs: now - 299_000 };
    expect(isBlockValid(old, now)).toBe(true);
    expect(isBlockValid({ ...old, fetchedAtMs: now - 300_000 }, now)).toBe(false);
  });

  it('merges ranges across blocks', () => {
    expect(
      mergeRanges([
        [
          [10, 20],
          [30, 40],
        ],
        [
          [40, 50],
          [5, 12],
          [60, 60],
        ],
      ]),
    ).toEqual([
      [5, 20],
      [30, 50],
    ]);
  });
});
