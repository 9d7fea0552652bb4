import { BOOKMARK_WINDOW_MS } from './constants';

export interface Timeframe {
  startMs: number;
  endMs: number;
}

/**
 * A new bookmark's timeframe (spec 03 §5): the current time — the player's time in recorded video, now when live —
 * +/- 5 minutes, the end capped at now.
 */
export function defaultTimeframe(playheadMs: number | null, nowMs: number): Timeframe {
  const currentMs = Math.min(playheadMs ?? nowMs, nowMs);
  return { startMs: currentMs - BOOKMARK_WINDOW_MS, endMs: Math.min(currentMs + BOOKMARK_WINDOW_MS, nowMs) };
}

/** An ISO 8601 time with a zone ('2025-03-06T19:55:00.000Z'), as the server asks for. */
export function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}

/** Whether the bookmark's [start, end] overlaps the window [startMs, endMs]. */
export function overlaps(startMs: number, endMs: number, window: Timeframe): boolean {
  return startMs <= window.endMs && endMs >= window.startMs;
}
