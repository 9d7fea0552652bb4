import { describe, expect, it } from 'vitest';
import { makeEvent } from '../motion-search/test/motionFixtures';
import { blocksToFetch, type CachedMotionBlock, mergeMotionEvents, recapBlocks } from './motionBlocks';

const BLOCK = 7_200_000;

function cached(blockStartMs: number, fetchedAtMs: number, events = [makeEvent(blockStartMs / 1000)]): CachedMotionBlock {
  return { blockStartMs, fetchedAtMs, events };
}

describe('motion recap blocks', () => {
  it('fetches missing and expired blocks: the current one after 30 s, the others after 5 min', () => {
    const now = 10 * BLOCK + 60_000;
    const cache = new Map([
      [8 * BLOCK, cached(8 * BLOCK, now - 299_000)],
      [9 * BLOCK, cached(9 * BLOCK, now - 300_000)],
      [10 * BLOCK, cached(10 * BLOCK, now - 29_000)],
    ]);
    const starts = [7 * BLOCK, 8 * BLOCK, 9 * BLOCK, 10 * BLOCK];
    const none = () => false;
    expect(blocksToFetch(starts, (start) => cache.get(start), none, now, false)).toEqual([7 * BLOCK, 9 * BLOCK]);
    cache.set(10 * BLOCK, cached(10 * BLOCK, now - 30_000));
    expect(blocksToFetch(starts, (start) => cache.get(start), none, now, false)).toEqual([7 * BLOCK, 9 * BLOCK, 10 * BLOCK]);
  });

  it('refreshes the current block on the 30 s tick even when still valid, and never a block in flight', () => {
    const now = 10 * BLOCK + 60_000;
    const cache = new Map([[10 * BLOCK, cached(10 * BLOCK, now - 1000)]]);
    expect(blocksToFetch([10 * BLOCK], (start) => cache.get(start), () => false, now, true)).toEqual([10 * BLOCK]);
    expect(blocksToFetch([9 * BLOCK, 10 * BLOCK], () => undefined, (start) => start === 9 * BLOCK, now, true)).toEqual([
      10 * BLOCK,
    ]);
  });

  it('merges the events of several blocks once each, oldest first', () => {
    const shared = makeEvent(7199);
    const merged = mergeMotionEvents([
      { blockStartMs: BLOCK, fetchedAtMs: 0, events: [makeEvent(7300), shared] },
      { blockStartMs: 0, fetchedAtMs: 0, events: [makeEvent(10), { ...shared }] },
    ]);
    expect(merged.map((event) => event.ts)).toEqual([10, 7199, 7300]);
  });

  it('places events on the window by start and duration, clipped, and leaves out events outside it', () => {
    const window = { startMs: 100_000, endMs: 200_000 };
    const blocks = recapBlocks(
      [
        makeEvent(90, { duration_ms: 20_000 }), // 90..110 s: clipped at the left edge
        makeEvent(150, { duration_ms: 10_000 }),
        makeEvent(195, { duration_ms: 10_000 }), // clipped at the right edge
        makeEvent(50, { duration_ms: 10_000 }), // before the window
        makeEvent(200, { duration_ms: 10_000 }), // after the window
      ],
      window,
    );
    expect(blocks.map(({ event, leftPercent, widthPercent }) => [event.ts, leftPercent, widthPercent])).toEqual([
      [90, 0, 10],
      [150, 50, 10],
      [195, 95, 5],
    ]);
  });
});
