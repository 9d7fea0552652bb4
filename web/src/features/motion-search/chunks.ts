import { FIRST_CHUNK_MS, MAX_CHUNK_MS } from './constants';

export interface Chunk {
  startMs: number;
  endMs: number;
}

/**
 * The chunks of a search over [startMs, endMs), newest first: backwards from the end, 12 h, then doubling up to 96 h
 * (12, 24, 48, 96, 96, …); the oldest one is clamped to the start.
 */
export function planChunks(startMs: number, endMs: number, firstMs = FIRST_CHUNK_MS, maxMs = MAX_CHUNK_MS): Chunk[] {
  const chunks: Chunk[] = [];
  let size = firstMs;
  for (let end = endMs; end > startMs; end -= size, size = Math.min(size * 2, maxMs)) {
    chunks.push({ startMs: Math.max(startMs, end - size), endMs: end });
  }
  return chunks;
}

/** Share (0..1) of [startMs, endMs) searched once the chunks down to `reachedMs` are done. */
export function searchedShare(startMs: number, endMs: number, reachedMs: number): number {
  if (endMs <= startMs) return 1;
  return Math.min(1, Math.max(0, (endMs - reachedMs) / (endMs - startMs)));
}
