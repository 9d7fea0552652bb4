import { describe, expect, it } from 'vitest';
import {
  WS_LIVE_BACK_BUFFER_S,
  WS_LIVE_CATCH_UP_RATE,
  WS_LIVE_LOW_WATER_SAMPLES,
  WS_LIVE_TARGET_BEHIND_S,
  WS_LIVE_TRIM_SLACK_S,
} from '../constants';
import { backBufferTrim, quotaTrim } from './backBuffer';
import { aheadOfPlayhead, HLS_LIVE_TARGETS, liveLatencyDecision, lowWater } from './liveLatency';

const playing = { paused: false, lowWaterS: null };

describe('live latency control', () => {
  it('does nothing without data or while paused', () => {
    expect(liveLatencyDecision({ ...playing, currentTimeS: 0, ranges: [] })).toEqual({ seekToS: null, playbackRate: 1 });
    expect(liveLatencyDecision({ currentTimeS: 0, ranges: [[0, 5]], paused: true, lowWaterS: 1 })).toEqual({
      seekToS: null,
      playbackRate: 1,
    });
  });

  it('starts near the buffered end once a GOP burst is in', () => {
    // The first fragment after an init starts at a keyframe up to a GOP old: 2 s arrive at once.
    const decision = liveLatencyDecision({ ...playing, currentTimeS: 0, ranges: [[0, 2]] });
    expect(decision.seekToS).toBeCloseTo(2 - WS_LIVE_TARGET_BEHIND_S);
  });

  it('never seeks before the newest range', () => {
    expect(liveLatencyDecision({ ...playing, currentTimeS: 0, ranges: [[0.5, 0.7]] }).seekToS).toBe(0.5);
  });

  it('keeps playing at 1x when close to the end', () => {
    expect(liveLatencyDecision({ ...playing, currentTimeS: 9.7, ranges: [[0, 10]] })).toEqual({ seekToS: null, playbackRate: 1 });
  });

  it('jumps forward when too far behind', () => {
    const decision = liveLatencyDecision({ ...playing, currentTimeS: 9, ranges: [[0, 10]] });
    expect(decision.seekToS).toBeCloseTo(10 - WS_LIVE_TARGET_BEHIND_S);
  });

  it('seeks over a hole to the newest range (server-side gap)', () => {
    // Stalled at the end of the old data; the fragments after the gap start 3 s later.
    const decision = liveLatencyDecision({ ...playing, currentTimeS: 5, ranges: [[0, 5], [8, 8.4]] });
    expect(decision.seekToS).toBeCloseTo(8.4 - WS_LIVE_TARGET_BEHIND_S);
    // A tiny newest range: its start.
    expect(liveLatencyDecision({ ...playing, currentTimeS: 5, ranges: [[0, 5], [8, 8.2]] }).seekToS).toBe(8);
  });

  it('speeds up while the low water shows more margin than needed, else 1x', () => {
    expect(liveLatencyDecision({ currentTimeS: 9.6, ranges: [[0, 10]], paused: false, lowWaterS: 0.25 })).toEqual({
      seekToS: null,
      playbackRate: WS_LIVE_CATCH_UP_RATE,
    });
    expect(liveLatencyDecision({ currentTimeS: 9.6, ranges: [[0, 10]], paused: false, lowWaterS: 0.05 }).playbackRate).toBe(1);
  });

  it('LL-HLS keeps a larger margin and jumps sooner while joining than once it has a low water', () => {
    const { targetBehindS, jumpBehindS, joinJumpBehindS } = HLS_LIVE_TARGETS;
    expect(targetBehindS).toBeGreaterThan(WS_LIVE_TARGET_BEHIND_S);
    expect(joinJumpBehindS).toBeLessThan(jumpBehindS);
    // The last part of a join's burst left the playhead between the two thresholds.
    const behind = (joinJumpBehindS + jumpBehindS) / 2;
    const joining = liveLatencyDecision({ ...playing, currentTimeS: 10 - behind, ranges: [[8, 10]] }, HLS_LIVE_TARGETS);
    expect(joining.seekToS).toBeCloseTo(10 - targetBehindS);
    const settled = liveLatencyDecision(
      { currentTimeS: 10 - behind, ranges: [[8, 10]], paused: false, lowWaterS: behind - 0.2 },
      HLS_LIVE_TARGETS,
    );
    expect(settled).toEqual({ seekToS: null, playbackRate: HLS_LIVE_TARGETS.catchUpRate });
  });

  it('measures the distance only in the newest range', () => {
    expect(aheadOfPlayhead(9.5, [[0, 10]])).toBeCloseTo(0.5);
    expect(aheadOfPlayhead(10.01, [[0, 10]])).toBe(0);
    expect(aheadOfPlayhead(4, [[0, 5], [8, 9]])).toBeNull();
    expect(aheadOfPlayhead(0, [])).toBeNull();
  });

  it('takes the low water over a full window of samples', () => {
    const window = Array.from({ length: WS_LIVE_LOW_WATER_SAMPLES }, (_, i) => 0.1 + i * 0.05);
    expect(lowWater(window.slice(1))).toBeNull();
    expect(lowWater(window)).toBeCloseTo(0.1);
    expect(lowWater([0.01, ...window.slice(1), 0.3])).toBeCloseTo(0.15);
  });
});

describe('back buffer', () => {
  const keep = WS_LIVE_BACK_BUFFER_S;

  it('trims media older than the back buffer once the slack has piled up', () => {
    expect(backBufferTrim(keep + WS_LIVE_TRIM_SLACK_S - 1, [[0, keep + WS_LIVE_TRIM_SLACK_S]], false)).toBeNull();
    expect(backBufferTrim(keep + WS_LIVE_TRIM_SLACK_S + 1, [[0, 50]], false)).toEqual({
      startS: 0,
      endS: WS_LIVE_TRIM_SLACK_S + 1,
    });
    expect(backBufferTrim(0, [], false)).toBeNull();
  });

  it('counts from the buffered end while paused (live keeps arriving)', () => {
    expect(backBufferTrim(1, [[0, 100]], true)).toEqual({ startS: 0, endS: 100 - keep });
  });

  it('frees all but the last second behind the playhead when the buffer is full', () => {
    expect(quotaTrim(20, [[2, 25]], false)).toEqual({ startS: 2, endS: 19 });
    expect(quotaTrim(2.5, [[2, 25]], false)).toBeNull();
    expect(quotaTrim(2.5, [[2, 25]], true)).toEqual({ startS: 2, endS: 24 });
  });
});
