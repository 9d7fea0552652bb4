import { describe, expect, it } from 'vitest';
import { initialSelection, moveHandle, moveSelectionTo } from './selection';

const now = 1_000_000;

describe('selection handles', () => {
  it('moves a handle freely while the range stays at least 5000 ms', () => {
    expect(moveHandle({ startMs: 100_000, endMs: 200_000 }, 'left', 150_000, now)).toEqual({
      startMs: 150_000,
      endMs: 200_000,
    });
  });

  it('pushes the right handle when the left one comes closer than 5000 ms', () => {
    expect(moveHandle({ startMs: 100_000, endMs: 200_000 }, 'left', 198_000, now)).toEqual({
      startMs: 198_000,
      endMs: 203_000,
    });
  });

  it('pushes the left handle when the right one comes closer than 5000 ms', () => {
    expect(moveHandle({ startMs: 100_000, endMs: 200_000 }, 'right', 90_000, now)).toEqual({
      startMs: 85_000,
      endMs: 90_000,
    });
  });

  it('never goes beyond now', () => {
    expect(moveHandle({ startMs: 900_000, endMs: 990_000 }, 'right', now + 50_000, now)).toEqual({
      startMs: 900_000,
      endMs: now,
    });
    expect(moveHandle({ startMs: 900_000, endMs: 990_000 }, 'left', now, now)).toEqual({
      startMs: now - 5000,
      endMs: now,
    });
  });

  it('starts with 150000 ms and moves keeping its length', () => {
    expect(initialSelection(500_000, now)).toEqual({ startMs: 425_000, endMs: 575_000 });
    expect(initialSelection(now, now)).toEqual({ startMs: now - 150_000, endMs: now });
    expect(moveSelectionTo({ startMs: 0, endMs: 10_000 }, 500_000, now)).toEqual({ startMs: 495_000, endMs: 505_000 });
  });
});
