import { errorMessages } from '../../api/apiError';
import { type Chunk, searchedShare } from './chunks';
import type { MotionEvent } from './types';

export interface ChunkedSearch {
  startMs: number;
  endMs: number;
  chunks: Chunk[];
  /** One request; rejects on failure (an AbortError once `signal` is aborted). */
  fetchChunk: (chunk: Chunk, signal: AbortSignal) => Promise<MotionEvent[]>;
  /** The events of one chunk, newest first, and the share of the range searched so far. */
  onChunk: (events: MotionEvent[], progress: number) => void;
  signal: AbortSignal;
}

export type SearchOutcome =
  | { status: 'done'; resultCount: number }
  | { status: 'aborted' }
  | { status: 'failed'; messages: string[] };

/** Newest first. */
export function newestFirst(events: readonly MotionEvent[]): MotionEvent[] {
  return [...events].sort((a, b) => b.ts - a.ts);
}

/** Runs the chunks one after the other (newest first), reporting each; stops at the first failure or on abort. */
export async function runChunkedSearch(search: ChunkedSearch): Promise<SearchOutcome> {
  let resultCount = 0;
  for (const chunk of search.chunks) {
    if (search.signal.aborted) return { status: 'aborted' };
    let events: MotionEvent[];
    try {
      events = await search.fetchChunk(chunk, search.signal);
    } catch (error) {
      if (search.signal.aborted) return { status: 'aborted' };
      return { status: 'failed', messages: errorMessages(error) };
    }
    if (search.signal.aborted) return { status: 'aborted' };
    resultCount += events.length;
    search.onChunk(newestFirst(events), searchedShare(search.startMs, search.endMs, chunk.startMs));
  }
  return { status: 'done', resultCount };
}

