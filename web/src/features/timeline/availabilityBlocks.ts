import { AVAILABILITY_BLOCK_MS, CURRENT_BLOCK_VALID_MS, OTHER_BLOCK_VALID_MS } from './constants';

export type Range = [number, number];

export interface AvailabilityRanges {
  camera: Range[];
  cloud: Range[];
}

export interface CachedBlock {
  blockStartMs: number;
  fetchedAtMs: number;
  ranges: AvailabilityRanges;
}

export const EMPTY_AVAILABILITY: AvailabilityRanges = { camera: [], cloud: [] };

/** Start of the 2 h block holding `ms`. */
export function blockStart(ms: number): number {
  return Math.floor(ms / AVAILABILITY_BLOCK_MS) * AVAILABILITY_BLOCK_MS;
}

/** Cache key of a camera's block. */
export function blockKey(cameraId: number, blockStartMs: number): string {
  return `${cameraId}:${blockStartMs}`;
}

/** Starts of the blocks covering [startMs, endMs], oldest first; blocks entirely after `nowMs` are left out. */
export function blocksCovering(startMs: number, endMs: number, nowMs: number): number[] {
  const last = blockStart(Math.min(endMs, nowMs));
  const blocks: number[] = [];
  for (let start = blockStart(startMs); start <= last; start += AVAILABILITY_BLOCK_MS) blocks.push(start);
  return blocks;
}

/** The block holding now is valid 30 s, any other 5 min (availability and motion blocks alike). */
export function isBlockValid(block: Pick<CachedBlock, 'blockStartMs' | 'fetchedAtMs'>, nowMs: number): boolean {
  const current = block.blockStartMs === blockStart(nowMs);
  return nowMs - block.fetchedAtMs < (current ? CURRENT_BLOCK_VALID_MS : OTHER_BLOCK_VALID_MS);
}

/** The ranges of several blocks joined, sorted, with touching or overlapping ranges merged. */
export function mergeRanges(lists: Range[][]): Range[] {
  const sorted = lists.flat().filter(([start, end]) => end > start).sort((a, b) => a[0] - b[0]);
  const merged: Range[] = [];
  for (const [start, end] of sorted) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}
