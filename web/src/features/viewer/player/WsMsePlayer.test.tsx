import { act, fireEvent, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  WS_LIVE_BACK_BUFFER_S,
  WS_LIVE_CATCH_UP_RATE,
  WS_LIVE_NO_MEDIA_TIMEOUT_MS,
  WS_LIVE_RECONNECT_MS,
  WS_LIVE_TARGET_BEHIND_S,
  WS_LIVE_TRIM_SLACK_S,
} from '../constants';
import { FakeHls } from '../test/fakeHls';
import { FAKE_INIT_SEGMENT, FakeMediaSource, fakeFragment } from '../test/fakeMse';
import { FakeWebSocket } from '../test/fakeWebSocket';
import { useViewerTestKit } from '../test/viewerTestKit';
import { BASE_MS, BASE_S, bufferedEnd, FRAGMENT_S, sendFragments, sendInit, useWsLiveFakes } from '../test/wsLiveKit';
import { LIVE, renderPlayer, video } from '../test/playerHarness';
import { rememberFailure } from './transportChoice';

vi.mock('hls.js', async () => (await import('../test/fakeHls')).hlsModule);

const WS_URL = `ws://${window.location.host}/n1/cameras/2/live/main/ws`;

describe('WsMsePlayer (live over WebSocket fMP4 + MSE)', () => {
  useViewerTestKit();
  useWsLiveFakes();

  it('plays live from the WebSocket: init segment first, fragments in order, started near the live edge', async () => {
    const { calls } = renderPlayer();
    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe(WS_URL);
    expect(socket.binaryType).toBe('arraybuffer');
    expect(calls.events).toEqual(['attaching']);
    expect(video().dataset.transport).toBe('ws');
    act(() => socket.open());

    const buffer = await sendInit(socket);
    expect(buffer.mimeType).toBe('video/mp4; codecs="avc1.64001f"');
    expect(buffer.timestampOffset).toBe(-BASE_S);
    expect(video().getAttribute('src')).toMatch(/^blob:/);
    expect(video().dataset.wallBaseMs).toBe(String(BASE_MS));

    // A GOP burst (2 s, keyframe first) arrives at once: the playhead lands WS_LIVE_TARGET_BEHIND_S before its end.
    await sendFragments(socket, buffer, 0, 10);
    expect(buffer.appended[0]).toBe(FAKE_INIT_SEGMENT);
    expect(buffer.mediaSpans().map((span) => span.startS - BASE_S)).toEqual(
      Array.from({ length: 10 }, (_, i) => expect.closeTo(i * FRAGMENT_S, 6)),
    );
    expect(bufferedEnd(buffer)).toBeCloseTo(2, 6);
    expect(video().currentTime).toBeCloseTo(2 - WS_LIVE_TARGET_BEHIND_S, 6);
    expect(FakeHls.instances).toHaveLength(0);

    // The wall clock of the frame on screen: base_ms + currentTime.
    fireEvent(video(), new Event('timeupdate'));
    expect(calls.wallTimes.at(-1)).toBe(BASE_MS + 1700);
    fireEvent(video(), new Event('playing'));
    expect(calls.events).toEqual(['attaching', 'playing']);
  });

  it('catches up at a higher rate while the margin before each fragment stays large, and jumps when far behind', async () => {
    renderPlayer();
    const socket = FakeWebSocket.latest();
    const buffer = await sendInit(socket);
    await sendFragments(socket, buffer, 0, 2);
    // Playing 0.3 s behind the end right before every fragment (more margin than needed).
    let fromS = 2 * FRAGMENT_S;
    for (let i = 0; i < 6; i += 1) {
      video().currentTime = bufferedEnd(buffer) - 0.3;
      await sendFragments(socket, buffer, fromS, 1);
      fromS += FRAGMENT_S;
    }
    expect(video().playbackRate).toBe(WS_LIVE_CATCH_UP_RATE);
    // Tight margins: back to 1x.
    for (let i = 0; i < 6; i += 1) {
      video().currentTime = bufferedEnd(buffer) - 0.05;
      await sendFragments(socket, buffer, fromS, 1);
      fromS += FRAGMENT_S;
    }
    expect(video().playbackRate).toBe(1);
    // 1 s behind after an append: jump.
    video().currentTime = bufferedEnd(buffer) - 0.8;
    await sendFragments(socket, buffer, fromS, 1);
    expect(video().currentTime).toBeCloseTo(bufferedEnd(buffer) - WS_LIVE_TARGET_BEHIND_S, 6);
  });

  it('seeks over the hole the server leaves when it drops fragments (gap)', async () => {
    renderPlayer();
    const socket = FakeWebSocket.latest();
    const buffer = await sendInit(socket);
    await sendFragments(socket, buffer, 0, 5);
    video().currentTime = 1; // stalled at the end of the old data
    act(() => socket.sendText({ type: 'gap' }));
    await sendFragments(socket, buffer, 4, 1);
    expect(buffer.buffered.length).toBe(2);
    expect(video().currentTime).toBeCloseTo(4, 6); // the new data starts there, less than the target behind its end
    await sendFragments(socket, buffer, 4.2, 1);
    expect(video().currentTime).toBeCloseTo(4, 6); // playing from there (jsdom does not advance time)
  });

  it("reports 'offline' and starts a new MediaSource for the next init (new base time, new codec)", async () => {
    const { calls } = renderPlayer();
    const socket = FakeWebSocket.latest();
    const buffer = await sendInit(socket);
    await sendFragments(socket, buffer, 0, 3);
    act(() => socket.sendText({ type: 'offline' }));
    expect(calls.events.at(-1)).toBe('offline');
    expect(video().dataset.wallBaseMs).toBeUndefined();

    const laterMs = BASE_MS + 60_000;
    const next = await sendInit(socket, laterMs, 'avc1.4d401f');
    expect(FakeMediaSource.instances).toHaveLength(2);
    expect(next).not.toBe(buffer);
    expect(next.mimeType).toContain('avc1.4d401f');
    expect(next.timestampOffset).toBe(-laterMs / 1000);
    await sendFragments(socket, next, 0, 3, laterMs / 1000);
    fireEvent(video(), new Event('timeupdate'));
    expect(calls.wallTimes.at(-1)).toBe(laterMs + Math.round(video().currentTime * 1000));
    expect(FakeHls.instances).toHaveLength(0);
  });

  it('removes media older than the back buffer, and frees space when the buffer is full', async () => {
    renderPlayer();
    const socket = FakeWebSocket.latest();
    const buffer = await sendInit(socket);
    const count = Math.ceil((WS_LIVE_BACK_BUFFER_S + 12) / FRAGMENT_S);
    await sendFragments(socket, buffer, 0, count);
    await waitFor(() => expect(buffer.removed).toHaveLength(1));
    const [start, end] = buffer.removed[0];
    expect(start).toBeCloseTo(0, 6);
    // Removed once WS_LIVE_TRIM_SLACK_S piled up: up to WS_LIVE_BACK_BUFFER_S behind the playhead of then.
    expect(end).toBeGreaterThanOrEqual(WS_LIVE_TRIM_SLACK_S);
    expect(end).toBeLessThanOrEqual(video().currentTime - WS_LIVE_BACK_BUFFER_S);
    await waitFor(() => expect(buffer.buffered.start(0)).toBeCloseTo(end, 6));

    buffer.quotaFailures = 1;
    const fromS = count * FRAGMENT_S;
    act(() => socket.sendBinary(fakeFragment(BASE_S + fromS, BASE_S + fromS + FRAGMENT_S)));
    await waitFor(() => expect(buffer.removed).toHaveLength(2));
    expect(buffer.removed[1][1]).toBeCloseTo(video().currentTime - 1, 1);
    await waitFor(() => expect(bufferedEnd(buffer)).toBeCloseTo(fromS + FRAGMENT_S, 6));
  });

  it('reconnects a socket that closes after media played', async () => {
    const { calls } = renderPlayer();
    const first = FakeWebSocket.latest();
    const buffer = await sendInit(first);
    await sendFragments(first, buffer, 0, 3);
    vi.useFakeTimers();
    act(() => first.drop());
    expect(calls.events.at(-1)).toBe('waiting');
    expect(FakeWebSocket.instances).toHaveLength(1);
    act(() => vi.advanceTimersByTime(WS_LIVE_RECONNECT_MS));
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(FakeWebSocket.latest().url).toBe(WS_URL);
    expect(calls.events).not.toContain('error');
  });

  it('falls back to LL-HLS for the page when the socket fails before any init', async () => {
    const { calls, unmount } = renderPlayer();
    act(() => FakeWebSocket.latest().drop());
    await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    expect(FakeHls.latest().url).toBe(LIVE.url);
    expect(video().dataset.transport).toBe('hls');
    expect(calls.events).not.toContain('error');
    unmount();

    // The next live player of this page goes straight to LL-HLS.
    renderPlayer();
    await waitFor(() => expect(FakeHls.instances).toHaveLength(2));
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('falls back when the codec is not supported, and when no media comes within the time limit', async () => {
    FakeMediaSource.supportedCodecs = new Set();
    const first = renderPlayer();
    act(() => FakeWebSocket.latest().sendText({ type: 'init', codec: 'hvc1.1.6.L93.B0', base_ms: BASE_MS }));
    await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    expect(FakeWebSocket.latest().closedByClient).toBe(true);
    first.unmount();

    rememberFailure(null);
    vi.useFakeTimers();
    renderPlayer();
    act(() => FakeWebSocket.latest().open());
    act(() => vi.advanceTimersByTime(WS_LIVE_NO_MEDIA_TIMEOUT_MS - 1));
    expect(FakeHls.instances).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    await vi.waitFor(() => expect(FakeHls.instances).toHaveLength(2));
  });

  it("keeps waiting for an offline camera instead of falling back", async () => {
    vi.useFakeTimers();
    const { calls } = renderPlayer();
    act(() => FakeWebSocket.latest().sendText({ type: 'offline' }));
    act(() => vi.advanceTimersByTime(WS_LIVE_NO_MEDIA_TIMEOUT_MS * 2));
    expect(calls.events).toEqual(['attaching', 'offline']);
    expect(FakeHls.instances).toHaveLength(0);
  });

  it('shows the error instead of falling back when ?transport=ws forces the WebSocket', async () => {
    const { calls } = renderPlayer({ transport: 'ws' });
    act(() => FakeWebSocket.latest().drop());
    expect(calls.events).toEqual(['attaching', 'error']);
    expect(FakeHls.instances).toHaveLength(0);
    expect(video().dataset.transport).toBe('ws');
  });

  it('uses hls.js when ?transport=hls forces it, without MediaSource, and for history', async () => {
    const forced = renderPlayer({ transport: 'hls' });
    await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    forced.unmount();
    vi.stubGlobal('MediaSource', undefined);
    const withoutMse = renderPlayer();
    await waitFor(() => expect(FakeHls.instances).toHaveLength(2));
    withoutMse.unmount();
    vi.stubGlobal('MediaSource', FakeMediaSource);
    renderPlayer({ source: { mode: 'history', url: '/n1/cameras/2/history/main/index.m3u8?start_ms=1&end_ms=2', seekMs: 1 } });
    await waitFor(() => expect(FakeHls.instances).toHaveLength(3));
    expect(FakeWebSocket.instances).toHaveLength(0);
    expect(FakeHls.latest().url).toContain('/history/');
  });

  it('closes the socket and detaches the media on unmount', async () => {
    const { unmount } = renderPlayer();
    const socket = FakeWebSocket.latest();
    const buffer = await sendInit(socket);
    await sendFragments(socket, buffer, 0, 2);
    const element = video();
    unmount();
    expect(socket.closedByClient).toBe(true);
    expect(element.getAttribute('src')).toBeNull();
    expect(element.dataset.transport).toBeUndefined();
    expect(element.dataset.wallBaseMs).toBeUndefined();
  });

  it('does not jump while the user has live paused', async () => {
    const { rerender } = renderPlayer();
    const socket = FakeWebSocket.latest();
    const buffer = await sendInit(socket);
    await sendFragments(socket, buffer, 0, 5);
    rerender({ paused: true });
    const pausedAt = video().currentTime;
    await sendFragments(socket, buffer, 1, 10);
    expect(video().currentTime).toBe(pausedAt);
    rerender({ paused: false });
    await sendFragments(socket, buffer, 3, 1);
    expect(video().currentTime).toBeCloseTo(3.2 - WS_LIVE_TARGET_BEHIND_S, 6);
  });
});
