import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HLS_LIVE_JUMP_BEHIND_S, HLS_LIVE_TARGET_BEHIND_S } from '../constants';
import { FakeHls } from '../test/fakeHls';
import { renderPlayer, video } from '../test/playerHarness';
import { useViewerTestKit } from '../test/viewerTestKit';

vi.mock('hls.js', async () => (await import('../test/fakeHls')).hlsModule);

/** The video's buffered media (jsdom has none): one range per pair. */
function setBuffered(element: HTMLVideoElement, ranges: [number, number][]) {
  const timeRanges = {
    length: ranges.length,
    start: (i: number) => ranges[i][0],
    end: (i: number) => ranges[i][1],
  } as TimeRanges;
  Object.defineProperty(element, 'buffered', { configurable: true, get: () => timeRanges });
}

async function startLive() {
  const rendered = renderPlayer({ transport: 'hls' });
  await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
  return { ...rendered, hls: FakeHls.latest(), element: video() };
}

describe('HlsPlayer live latency (LL-HLS through hls.js)', () => {
  useViewerTestKit();
  afterEach(() => FakeHls.instances.splice(0));

  it("turns hls.js's own live sync off: it cannot catch up below a second of buffer", async () => {
    const { hls } = await startLive();
    expect(hls.config).toMatchObject({ lowLatencyMode: true, maxLiveSyncPlaybackRate: 1 });
  });

  it('joins at the live edge: the playhead goes near the newest part once parts are in', async () => {
    const { hls, element } = await startLive();
    // hls.js starts loading at the segment's keyframe part, up to a GOP before the edge, and may leave the playhead
    // anywhere (its start position is computed once, before the parts came).
    setBuffered(element, [[10, 12.2]]);
    element.currentTime = 10.4;
    act(() => hls.appendPart());
    expect(element.currentTime).toBeCloseTo(12.2 - HLS_LIVE_TARGET_BEHIND_S);
  });

  it('leaves a playhead that is close enough, and speeds up while the margin stays large', async () => {
    const { hls, element } = await startLive();
    let end = 20;
    const appendPart = () =>
      act(() =>
        hls.appendPart(() => {
          end += 0.2;
          setBuffered(element, [[10, end]]);
        }),
      );
    setBuffered(element, [[10, end]]);
    element.currentTime = end - HLS_LIVE_TARGET_BEHIND_S;
    // Parts every 0.2 s, played at 1x: the playhead stays where it is, at 1x.
    for (let i = 0; i < 6; i += 1) {
      element.currentTime += 0.2;
      appendPart();
    }
    expect(element.currentTime).toBeCloseTo(end - HLS_LIVE_TARGET_BEHIND_S);
    expect(element.playbackRate).toBe(1);
    // Then behind by more than the target but less than the jump (a slow moment): it catches up by playing faster.
    element.currentTime = end - HLS_LIVE_JUMP_BEHIND_S + 0.05;
    for (let i = 0; i < 6; i += 1) {
      element.currentTime += 0.2;
      appendPart();
    }
    expect(element.currentTime).toBeCloseTo(end - HLS_LIVE_JUMP_BEHIND_S + 0.05);
    expect(element.playbackRate).toBeGreaterThan(1);
  });

  it('does not move a paused live view', async () => {
    const { hls, element, rerender } = await startLive();
    rerender({ transport: 'hls', paused: true });
    setBuffered(element, [[10, 30]]);
    element.currentTime = 11;
    act(() => hls.appendPart());
    expect(element.currentTime).toBe(11);
  });

  it('runs no latency control for history (VOD)', async () => {
    renderPlayer({ source: { mode: 'history', url: '/n1/cameras/2/history/main/index.m3u8?start_ms=1&end_ms=2', seekMs: 1 } });
    await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    const element = video();
    setBuffered(element, [[0, 60]]);
    element.currentTime = 1;
    act(() => FakeHls.latest().appendPart());
    expect(element.currentTime).toBe(1);
  });
});
