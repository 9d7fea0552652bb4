import { WS_LIVE_BACK_BUFFER_S, WS_LIVE_QUOTA_KEEP_S, WS_LIVE_TRIM_SLACK_S } from '../constants';
import type { BufferedRange } from './liveLatency';

/** A span (s) to remove from a SourceBuffer. */
export type RemoveSpan = { startS: number; endS: number };

/**
 * What `keepAfterS` means for the back buffer: the playhead while playing; while paused live keeps arriving, so the
 * buffered end (a paused live view that falls out of the buffer jumps to the live edge on resume).
 */
function anchor(currentTimeS: number, ranges: readonly BufferedRange[], paused: boolean): number {
  const end = ranges[ranges.length - 1]?.[1] ?? currentTimeS;
  return paused ? Math.max(currentTimeS, end) : currentTimeS;
}

/**
 * The old media to drop after an append: everything more than WS_LIVE_BACK_BUFFER_S behind the playhead, once
 * WS_LIVE_TRIM_SLACK_S more than that has piled up (so removals are rare); null when nothing is due.
 */
export function backBufferTrim(
  currentTimeS: number,
  ranges: readonly BufferedRange[],
  paused: boolean,
): RemoveSpan | null {
  const first = ranges[0];
  if (!first) return null;
  const keepAfter = anchor(currentTimeS, ranges, paused) - WS_LIVE_BACK_BUFFER_S;
  if (keepAfter - first[0] < WS_LIVE_TRIM_SLACK_S) return null;
  return { startS: first[0], endS: keepAfter };
}

/**
 * What to drop when an append hit QuotaExceededError: everything up to WS_LIVE_QUOTA_KEEP_S behind the playhead;
 * null when there is nothing that old (the fragment is then dropped).
 */
export function quotaTrim(currentTimeS: number, ranges: readonly BufferedRange[], paused: boolean): RemoveSpan | null {
  const first = ranges[0];
  if (!first) return null;
  const keepAfter = anchor(currentTimeS, ranges, paused) - WS_LIVE_QUOTA_KEEP_S;
  if (keepAfter <= first[0]) return null;
  return { startS: first[0], endS: keepAfter };
}
