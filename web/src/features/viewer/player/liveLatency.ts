import {
  WS_LIVE_CATCH_UP_LOW_WATER_S,
  WS_LIVE_CATCH_UP_RATE,
  WS_LIVE_JUMP_BEHIND_S,
  WS_LIVE_LOW_WATER_SAMPLES,
  WS_LIVE_TARGET_BEHIND_S,
} from '../constants';

/** One buffered range (s), as in `SourceBuffer.buffered`. */
export type BufferedRange = readonly [startS: number, endS: number];

export interface LatencyInput {
  currentTimeS: number;
  /** Buffered ranges, in order. */
  ranges: readonly BufferedRange[];
  /** The user paused live: no jumps, normal rate. */
  paused: boolean;
  /** Smallest distance to the buffered end seen right before recent appends (`lowWater`), null until enough samples. */
  lowWaterS: number | null;
}

export interface LatencyDecision {
  /** Where to move the playhead, or null to leave it. */
  seekToS: number | null;
  playbackRate: number;
}

/** A playhead this close outside a range still counts as inside (timestamps of fragments are not frame exact). */
const RANGE_SLACK_S = 0.05;

/** Buffered ranges of a `TimeRanges` as pairs. */
export function rangesOf(buffered: TimeRanges): BufferedRange[] {
  const ranges: BufferedRange[] = [];
  for (let i = 0; i < buffered.length; i += 1) ranges.push([buffered.start(i), buffered.end(i)]);
  return ranges;
}

/**
 * Distance from the playhead to the buffered end when the playhead is in the newest range, else null (before the
 * first data, in an older range before a hole, or paused far behind).
 */
export function aheadOfPlayhead(currentTimeS: number, ranges: readonly BufferedRange[]): number | null {
  const last = ranges[ranges.length - 1];
  if (!last || currentTimeS < last[0] - RANGE_SLACK_S || currentTimeS > last[1] + RANGE_SLACK_S) return null;
  return Math.max(0, last[1] - currentTimeS);
}

/** The low water of the last WS_LIVE_LOW_WATER_SAMPLES distances, null until there are that many. */
export function lowWater(samplesS: readonly number[]): number | null {
  if (samplesS.length < WS_LIVE_LOW_WATER_SAMPLES) return null;
  return Math.min(...samplesS.slice(-WS_LIVE_LOW_WATER_SAMPLES));
}

/**
 * Live latency control, run after every media append. The playhead jumps to WS_LIVE_TARGET_BEHIND_S behind the
 * buffered end when it is not in the newest range (start, or a hole after a server-side gap) or further behind than
 * WS_LIVE_JUMP_BEHIND_S; otherwise it plays at WS_LIVE_CATCH_UP_RATE while the low water says there is more margin than
 * needed, at 1 else. Never lands before the newest range's start.
 */
export function liveLatencyDecision(input: LatencyInput): LatencyDecision {
  const { currentTimeS, ranges, paused, lowWaterS } = input;
  const last = ranges[ranges.length - 1];
  if (!last || paused) return { seekToS: null, playbackRate: 1 };
  const target = Math.max(last[0], last[1] - WS_LIVE_TARGET_BEHIND_S);
  const ahead = aheadOfPlayhead(currentTimeS, ranges);
  if (ahead === null || ahead > WS_LIVE_JUMP_BEHIND_S) return { seekToS: target, playbackRate: 1 };
  const catchUp = lowWaterS !== null && lowWaterS > WS_LIVE_CATCH_UP_LOW_WATER_S;
  return { seekToS: null, playbackRate: catchUp ? WS_LIVE_CATCH_UP_RATE : 1 };
}
