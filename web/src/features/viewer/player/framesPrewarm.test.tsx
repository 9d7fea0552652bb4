import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FRAMES_PREWARM_KEEP_MS, WS_LIVE_NO_MEDIA_TIMEOUT_MS } from '../constants';
import { FakeTrackGenerator, FakeVideoDecoder, useFakeWebCodecs } from '../test/fakeWebCodecs';
import { FakeWebSocket } from '../test/fakeWebSocket';
import { CONFIG, expectEveryFrameClosedOnce, FRAMES_URL, frameUs, sendConfig, sendFrames, settle } from '../test/framesKit';
import { LIVE, renderPlayer, video } from '../test/playerHarness';
import { lobbyCamera, useViewerTestKit } from '../test/viewerTestKit';
import { useWsLiveFakes } from '../test/wsLiveKit';
import { adoptPrewarmedFrames, prewarmCameraLive, prewarmFrames, prewarmFromLocation } from './framesPrewarm';

vi.mock('hls.js', async () => (await import('../test/fakeHls')).hlsModule);

describe('prewarmed frames sessions (a camera link pressed, the app starting on a camera page)', () => {
  useViewerTestKit();
  useWsLiveFakes();
  useFakeWebCodecs();
  // Nothing warming is left over for the next test.
  afterEach(() => adoptPrewarmedFrames(FRAMES_URL, false)?.close());

  it('connects and decodes before the player exists; the player adopts it and shows the newest frame at once', async () => {
    prewarmFrames(LIVE.url, false);
    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe(FRAMES_URL);
    const decoder = await sendConfig(socket);
    sendFrames(socket, 0, 8);
    act(() => decoder.output());
    expect(FakeTrackGenerator.instances).toHaveLength(0); // nowhere to show it yet
    sendFrames(socket, 8, 2);
    act(() => decoder.output());

    const { calls } = renderPlayer();
    expect(FakeWebSocket.instances).toEqual([socket]); // no second connection
    await settle();
    expect(FakeTrackGenerator.latest().written).toEqual([frameUs(9)]);
    expect(video().dataset.frameWallMs).toBe(String(Math.round(frameUs(9) / 1000)));
    expect(calls.events).toEqual(['attaching']);
    // Then live as usual.
    sendFrames(socket, 10, 1);
    act(() => decoder.output());
    await settle();
    expect(FakeTrackGenerator.latest().written).toEqual([frameUs(9), frameUs(10)]);
    expectEveryFrameClosedOnce();
  });

  it('keeps the newest decoded frame while the join still decodes (a busy page): the player shows it at once', async () => {
    prewarmFrames(LIVE.url, false);
    const socket = FakeWebSocket.latest();
    const decoder = await sendConfig(socket);
    // On a cold load the page's main thread is busy: chunks come in bursts, so every output still sees newer chunks
    // waiting in the decoder and the join never reaches an empty queue.
    sendFrames(socket, 0, 8);
    act(() => decoder.output(4));
    sendFrames(socket, 8, 4);
    act(() => decoder.output(6));
    expect(decoder.decodeQueueSize).toBeGreaterThan(0);

    renderPlayer();
    await settle();
    expect(FakeTrackGenerator.latest().written).toEqual([frameUs(9)]); // the newest decoded, at once
    act(() => decoder.output());
    await settle();
    // Then live from that frame: every newer one shows as it comes, without waiting for the decoder's queue to empty.
    expect(FakeTrackGenerator.latest().written).toEqual([frameUs(9), frameUs(10), frameUs(11)]);
    expectEveryFrameClosedOnce();
  });

  it('is adopted only for the same URL and transport preference, and closes when nobody wants it in time', () => {
    vi.useFakeTimers();
    prewarmFrames(LIVE.url, false);
    const warming = FakeWebSocket.latest();
    expect(adoptPrewarmedFrames(FRAMES_URL.replace('/main/', '/sub/'), false)).toBeNull();
    expect(adoptPrewarmedFrames(FRAMES_URL, true)).toBeNull(); // ?transport=frames: failures show the error instead
    act(() => vi.advanceTimersByTime(FRAMES_PREWARM_KEEP_MS));
    expect(warming.closedByClient).toBe(true);
    renderPlayer();
    expect(FakeWebSocket.latest()).not.toBe(warming);
  });

  it('the adopting player gets the whole no-media limit, counted from the adoption', () => {
    vi.useFakeTimers();
    prewarmFrames(LIVE.url, false);
    const socket = FakeWebSocket.latest();
    act(() => vi.advanceTimersByTime(FRAMES_PREWARM_KEEP_MS - 100));
    const { calls } = renderPlayer();
    act(() => vi.advanceTimersByTime(WS_LIVE_NO_MEDIA_TIMEOUT_MS - 100));
    expect(socket.closedByClient).toBe(false);
    expect(calls.events).toEqual(['attaching']);
    act(() => vi.advanceTimersByTime(200));
    expect(socket.closedByClient).toBe(true); // then it gives up as any player would (fallback to ws)
  });

  it('a newer prewarm replaces an older one (one at a time), and the same one twice connects once', () => {
    prewarmFrames(LIVE.url, false);
    prewarmFrames(LIVE.url, false);
    expect(FakeWebSocket.instances).toHaveLength(1);
    const first = FakeWebSocket.latest();
    prewarmFrames('/n1/cameras/3/live/main/index.m3u8', false);
    expect(first.closedByClient).toBe(true);
    expect(FakeWebSocket.instances).toHaveLength(2);
    adoptPrewarmedFrames(FakeWebSocket.latest().url, false)?.close();
  });

  it('is dropped when the camera is offline or the socket is refused: the player starts afresh', async () => {
    prewarmFrames(LIVE.url, false);
    const offline = FakeWebSocket.latest();
    act(() => offline.sendText({ type: 'offline', reason: 'connection_refused', since_ms: 1 }));
    expect(offline.closedByClient).toBe(true);
    expect(adoptPrewarmedFrames(FRAMES_URL, false)).toBeNull();

    prewarmFrames(LIVE.url, false);
    act(() => FakeWebSocket.latest().drop());
    expect(adoptPrewarmedFrames(FRAMES_URL, false)).toBeNull();
    renderPlayer();
    const own = FakeWebSocket.latest();
    await sendConfig(own, CONFIG);
    expect(FakeVideoDecoder.instances.length).toBeGreaterThan(0);
    expect(video().dataset.transport).toBe('frames'); // the prewarm's failure is not a failure of the page
  });

  it('warms what the camera page would play: main stream, frames unless another transport is forced', () => {
    prewarmCameraLive(lobbyCamera, 1, '?transport=ws');
    prewarmCameraLive(lobbyCamera, 1, '?transport=hls');
    expect(FakeWebSocket.instances).toHaveLength(0);
    prewarmCameraLive(lobbyCamera, 1, '');
    expect(FakeWebSocket.latest().url).toBe(FRAMES_URL);
    adoptPrewarmedFrames(FRAMES_URL, false)?.close();
    prewarmCameraLive(lobbyCamera, 1, '?transport=frames');
    expect(adoptPrewarmedFrames(FRAMES_URL, true)).not.toBeNull();
  });

  it("warms nothing for a multi-imager camera: its page is a wall of its imagers' sub-streams", () => {
    prewarmCameraLive({ ...lobbyCamera, type: 'multi_imager', imager_count: 4 }, 1, '');
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('warms the camera of the page the app starts on (default shard, or ?shardId=), and nothing elsewhere', () => {
    prewarmFromLocation({ pathname: '/n/5/cameras', search: '' });
    prewarmFromLocation({ pathname: '/n/5/events', search: '' });
    expect(FakeWebSocket.instances).toHaveLength(0);
    prewarmFromLocation({ pathname: '/n/5/cameras/2', search: '' });
    expect(FakeWebSocket.latest().url).toBe(FRAMES_URL);
    prewarmFromLocation({ pathname: '/n/5/cameras/2', search: '?shardId=3&transport=frames' });
    expect(FakeWebSocket.latest().url).toBe(FRAMES_URL.replace('/n1/', '/n3/'));
    expect(adoptPrewarmedFrames(FakeWebSocket.latest().url, true)).not.toBeNull();
  });

  it('does nothing without WebCodecs (the page plays over ws or LL-HLS)', () => {
    vi.stubGlobal('VideoDecoder', undefined);
    prewarmFromLocation({ pathname: '/n/5/cameras/2', search: '' });
    prewarmCameraLive(lobbyCamera, 1, '');
    prewarmFrames(LIVE.url, false); // asked anyway: it gives up before connecting
    expect(FakeWebSocket.instances).toHaveLength(0);
  });
});
