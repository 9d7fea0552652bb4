import {
  HLS_LIVE_CATCH_UP_LOW_WATER_S,
  HLS_LIVE_CATCH_UP_RATE,
  HLS_LIVE_JOIN_JUMP_BEHIND_S,
  HLS_LIVE_JUMP_BEHIND_S,
  HLS_LIVE_TARGET_BEHIND_S,
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

/** The distances (s, behind the buffered end) a transport keeps. */
export interface LatencyTargets {
  /** Where playback starts and lands after a jump. */
  targetBehindS: number;
  /** Further behind than this right after an append: jump to targetBehindS. */
  jumpBehindS: number;
  /** The same while there is no low water yet (joining: right after the start or a jump). */
  joinJumpBehindS: number;
  /** A low water above this plays at catchUpRate. */
  catchUpLowWaterS: number;
  catchUpRate: number;
}

/** WebSocket fMP4 (fragments pushed as they are cut). */
export const WS_LIVE_TARGETS: LatencyTargets = {
  targetBehindS: WS_LIVE_TARGET_BEHIND_S,
  jumpBehindS: WS_LIVE_JUMP_BEHIND_S,
  joinJumpBehindS: WS_LIVE_JUMP_BEHIND_S,
  catchUpLowWaterS: WS_LIVE_CATCH_UP_LOW_WATER_S,
  catchUpRate: WS_LIVE_CATCH_UP_RATE,
};

/** LL-HLS (a blocking playlist reload and a request per part). */
export const HLS_LIVE_TARGETS: LatencyTargets = {
  targetBehindS: HLS_LIVE_TARGET_BEHIND_S,
  jumpBehindS: HLS_LIVE_JUMP_BEHIND_S,
  joinJumpBehindS: HLS_LIVE_JOIN_JUMP_BEHIND_S,
  catchUpLowWaterS: HLS_LIVE_CATCH_UP_LOW_WATER_S,
  catchUpRate: HLS_LIVE_CATCH_UP_RATE,
};

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
 * Live latency control, run after every media append. The playhead jumps to `targetBehindS` behind the buffered end
 * when it is not in the newest range (start, or a hole after a server-side gap) or further behind than `jumpBehindS`
 * (`joinJumpBehindS` while there is no low water yet);
 * otherwise it plays at `catchUpRate` while the low water says there is more margin than needed, at 1 else. Never
 * lands before the newest range's start.
 */
export function liveLatencyDecision(input: LatencyInput, targets: LatencyTargets = WS_LIVE_TARGETS): LatencyDecision {
  const { currentTimeS, ranges, paused, lowWaterS } = input;
  const last = ranges[ranges.length - 1];
  if (!last || paused) return { seekToS: null, playbackRate: 1 };
  const target = Math.max(last[0], last[1] - targets.targetBehindS);
  const ahead = aheadOfPlayhead(currentTimeS, ranges);
  const jumpBehindS = lowWaterS === null ? targets.joinJumpBehindS : targets.jumpBehindS;
  if (ahead === null || ahead > jumpBehindS) return { seekToS: target, playbackRate: 1 };
  const catchUp = lowWaterS !== null && lowWaterS > targets.catchUpLowWaterS;
  return { seekToS: null, playbackRate: catchUp ? targets.catchUpRate : 1 };
}
