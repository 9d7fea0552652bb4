import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_STALL_MS, LIVE_STALL_POLL_MS } from '../constants';
import { useLiveStallWatch } from './useLiveStallWatch';

/**
 * A `<video>` playing a MediaStream (the frames transport): its currentTime runs with the clock whether frames come or
 * not (as in Chromium), so only the presented frame count says whether media flows.
 */
function streamVideo() {
  const video = document.createElement('video');
  const state = { frames: 0, timeS: 0 };
  Object.defineProperty(video, 'srcObject', { value: {}, configurable: true });
  Object.defineProperty(video, 'currentTime', { get: () => state.timeS, configurable: true });
  video.getVideoPlaybackQuality = () => ({ totalVideoFrames: state.frames }) as VideoPlaybackQuality;
  return { video, state };
}

describe('useLiveStallWatch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sees a MediaStream whose frames stopped as stalled although its currentTime runs on', () => {
    const { video, state } = streamVideo();
    const reconnect = vi.fn();
    const videoRef = { current: video };
    const { result } = renderHook(() => useLiveStallWatch(videoRef, true, false, false, reconnect));
    const advance = (ms: number, framesToo: boolean) => {
      for (let t = 0; t < ms; t += LIVE_STALL_POLL_MS) {
        state.timeS += LIVE_STALL_POLL_MS / 1000;
        if (framesToo) state.frames += 4;
        act(() => vi.advanceTimersByTime(LIVE_STALL_POLL_MS));
      }
    };
    advance(2_000, true);
    expect(result.current).toBe(false);
    advance(LIVE_STALL_MS + LIVE_STALL_POLL_MS, false);
    expect(result.current).toBe(true);
    expect(reconnect).toHaveBeenCalled();
    advance(LIVE_STALL_POLL_MS * 2, true);
    expect(result.current).toBe(false);
  });
});
