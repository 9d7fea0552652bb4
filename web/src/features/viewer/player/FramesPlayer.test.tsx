import { act, fireEvent, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WS_LIVE_NO_MEDIA_TIMEOUT_MS, WS_LIVE_RECONNECT_MS } from '../constants';
import { FakeHls } from '../test/fakeHls';
import { FakeTrackGenerator, FakeVideoDecoder, useFakeWebCodecs } from '../test/fakeWebCodecs';
import { FakeWebSocket } from '../test/fakeWebSocket';
import {
  AVCC_BASE64,
  CONFIG,
  expectEveryFrameClosedOnce,
  FRAME_US,
  FRAMES_URL,
  frameUs,
  sendConfig,
  sendFrames,
  settle,
  WS_URL,
} from '../test/framesKit';
import { renderPlayer, video } from '../test/playerHarness';
import { useViewerTestKit } from '../test/viewerTestKit';
import { BASE_MS, useWsLiveFakes } from '../test/wsLiveKit';
import { rememberFailure } from './transportChoice';

vi.mock('hls.js', async () => (await import('../test/fakeHls')).hlsModule);

describe('FramesPlayer (live over the frames route, WebCodecs)', () => {
  useViewerTestKit();
  useWsLiveFakes();
  useFakeWebCodecs();

  it('is the default in a browser with WebCodecs: joins on the GOP, shows only the newest frame, then every frame', async () => {
    const { calls } = renderPlayer();
    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe(FRAMES_URL);
    expect(socket.binaryType).toBe('arraybuffer');
    expect(video().dataset.transport).toBe('frames');
    expect(calls.events).toEqual(['attaching']);

    // Config, then the GOP so far at once: frames that come while the browser is asked about the config are kept.
    act(() => socket.sendText(CONFIG));
    sendFrames(socket, 0, 10);
    await waitFor(() => expect(FakeVideoDecoder.instances).toHaveLength(1));
    const decoder = FakeVideoDecoder.latest();
    expect(decoder.config).toEqual({
      codec: 'avc1.64001f',
      description: Uint8Array.from(atob(AVCC_BASE64), (c) => c.charCodeAt(0)),
      optimizeForLatency: true,
      hardwareAcceleration: 'no-preference',
      codedWidth: 1280,
      codedHeight: 720,
    });
    expect(decoder.decoded.map((chunk) => [chunk.type, chunk.timestamp, chunk.duration])).toEqual(
      Array.from({ length: 10 }, (_, i) => [i === 0 ? 'key' : 'delta', frameUs(i), FRAME_US]),
    );

    // Catching up: every frame is decoded, only the one without a newer chunk behind it is shown.
    act(() => decoder.output());
    await settle();
    const track = FakeTrackGenerator.latest();
    expect(track.written).toEqual([frameUs(9)]);
    expect((video().srcObject as unknown as { tracks: unknown[] }).tracks).toEqual([track]);
    expect(video().dataset.frameWallMs).toBe(String(Math.round(frameUs(9) / 1000)));

    // Live: each frame is shown as it is decoded; one that comes while another is being written waits, and a newer
    // one replaces it (frame 11 is never shown).
    sendFrames(socket, 10, 3);
    act(() => decoder.output());
    await settle();
    expect(track.written).toEqual([frameUs(9), frameUs(10), frameUs(12)]);
    sendFrames(socket, 13, 1);
    act(() => decoder.output());
    await settle();
    expect(track.written.at(-1)).toBe(frameUs(13));
    fireEvent(video(), new Event('timeupdate'));
    expect(calls.wallTimes.at(-1)).toBe(Math.round(frameUs(13) / 1000));
    expect(FakeHls.instances).toHaveLength(0);
    expectEveryFrameClosedOnce();
  });

  it('after gap waits for the keyframe', async () => {
    renderPlayer();
    const socket = FakeWebSocket.latest();
    const decoder = await sendConfig(socket);
    sendFrames(socket, 0, 3);
    act(() => decoder.output());
    act(() => socket.sendText({ type: 'gap' }));
    sendFrames(socket, 25, 8);
    expect(decoder.decoded.map((chunk) => chunk.timestamp)).toEqual([0, 1, 2, 30, 31, 32].map(frameUs));
  });

  it('reconfigures the decoder on a new config (new parameter sets) and decodes from its keyframe', async () => {
    renderPlayer();
    const socket = FakeWebSocket.latest();
    const first = await sendConfig(socket);
    sendFrames(socket, 0, 2);
    act(() => first.output());
    await settle();
    const second = await sendConfig(socket, { ...CONFIG, codec: 'avc1.4d401f', coded_width: 640, coded_height: 360 });
    expect(first.state).toBe('closed');
    expect(second.config).toMatchObject({ codec: 'avc1.4d401f', codedWidth: 640, codedHeight: 360 });
    sendFrames(socket, 29, 3);
    expect(second.decoded.map((chunk) => chunk.timestamp)).toEqual([30, 31].map(frameUs));
    act(() => second.output());
    await settle();
    expect(FakeTrackGenerator.instances).toHaveLength(1);
    expect(FakeTrackGenerator.latest().written.at(-1)).toBe(frameUs(31));
  });

  it("reports 'offline' with its reason and waits, then plays again on the next config", async () => {
    vi.useFakeTimers();
    const { calls } = renderPlayer();
    const socket = FakeWebSocket.latest();
    act(() => socket.sendText({ type: 'offline', reason: 'connection_refused', since_ms: BASE_MS }));
    expect(calls.events).toEqual(['attaching', 'offline']);
    expect(calls.offline).toEqual([{ reason: 'connection_refused', sinceMs: BASE_MS }]);
    act(() => vi.advanceTimersByTime(WS_LIVE_NO_MEDIA_TIMEOUT_MS * 2));
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(video().dataset.transport).toBe('frames');
    vi.useRealTimers();
    const decoder = await sendConfig(socket);
    sendFrames(socket, 0, 1);
    act(() => decoder.output());
    await settle();
    expect(calls.events).toEqual(['attaching', 'offline', 'playing']);
  });

  it('reopens a socket that closes after frames were shown (1 s, 3 times in a row)', async () => {
    const { calls } = renderPlayer();
    const first = FakeWebSocket.latest();
    const decoder = await sendConfig(first);
    sendFrames(first, 0, 2);
    act(() => decoder.output());
    await settle();
    vi.useFakeTimers();
    act(() => first.drop());
    expect(calls.events.at(-1)).toBe('waiting');
    act(() => vi.advanceTimersByTime(WS_LIVE_RECONNECT_MS));
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(FakeWebSocket.latest().url).toBe(FRAMES_URL);
    // The reopened socket's first frame on screen ends 'waiting' (the MediaStream's element fires nothing itself).
    vi.useRealTimers();
    const again = await sendConfig(FakeWebSocket.latest());
    sendFrames(FakeWebSocket.latest(), 30, 1);
    act(() => again.output());
    await settle();
    expect(calls.events.slice(-2)).toEqual(['waiting', 'playing']);
    vi.useFakeTimers();
    // Its config reset the count: 3 more reopenings, then the error.
    for (let i = 0; i < 4; i += 1) {
      act(() => FakeWebSocket.latest().drop());
      act(() => vi.advanceTimersByTime(WS_LIVE_RECONNECT_MS));
    }
    expect(FakeWebSocket.instances).toHaveLength(5);
    expect(calls.events.at(-1)).toBe('error');
  });

  it('falls back to WebSocket/MSE when the socket closes before the first config', async () => {
    renderPlayer();
    act(() => FakeWebSocket.latest().drop());
    await waitFor(() => expect(FakeWebSocket.latest().url).toBe(WS_URL));
    expect(video().dataset.transport).toBe('ws');
  });

  it('falls back when the browser cannot decode the config', async () => {
    FakeVideoDecoder.supported = false;
    renderPlayer();
    const socket = FakeWebSocket.latest();
    act(() => socket.sendText({ ...CONFIG, codec: 'hvc1.1.6.L93.B0' }));
    await waitFor(() => expect(FakeWebSocket.latest().url).toBe(WS_URL));
    expect(socket.closedByClient).toBe(true);
    expect(FakeVideoDecoder.instances).toHaveLength(0);
  });

  it('falls back when no frame is shown within the time limit', async () => {
    vi.useFakeTimers();
    renderPlayer();
    act(() => FakeWebSocket.latest().sendText(CONFIG));
    act(() => vi.advanceTimersByTime(WS_LIVE_NO_MEDIA_TIMEOUT_MS - 1));
    expect(FakeWebSocket.latest().url).toBe(FRAMES_URL);
    act(() => vi.advanceTimersByTime(1));
    await vi.waitFor(() => expect(FakeWebSocket.latest().url).toBe(WS_URL));
  });

  it('falls back when the decoder fails before anything was shown; afterwards it resumes at the next keyframe', async () => {
    const first = renderPlayer();
    let decoder = await sendConfig(FakeWebSocket.latest());
    sendFrames(FakeWebSocket.latest(), 0, 2);
    act(() => decoder.fail());
    await waitFor(() => expect(FakeWebSocket.latest().url).toBe(WS_URL));
    first.unmount();

    rememberFailure(null);
    renderPlayer();
    const socket = FakeWebSocket.latest();
    decoder = await sendConfig(socket);
    sendFrames(socket, 0, 2);
    act(() => decoder.output());
    await settle();
    act(() => decoder.fail());
    expect(FakeVideoDecoder.instances).toHaveLength(3);
    const next = FakeVideoDecoder.latest();
    sendFrames(socket, 2, 30);
    expect(next.decoded.map((chunk) => chunk.timestamp)).toEqual([frameUs(30), frameUs(31)]);
    expect(video().dataset.transport).toBe('frames');
  });

  it('shows the error instead of falling back when ?transport=frames forces it', async () => {
    const { calls } = renderPlayer({ transport: 'frames' });
    act(() => FakeWebSocket.latest().drop());
    await waitFor(() => expect(calls.events).toContain('error'));
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(video().dataset.transport).toBe('frames');
  });

  it('plays an unmuted camera with audio over WebSocket/MSE and returns to frames when muted', async () => {
    const { rerender } = renderPlayer({ streamHasAudio: true, muted: true });
    expect(FakeWebSocket.latest().url).toBe(FRAMES_URL);
    rerender({ muted: false });
    expect(FakeWebSocket.latest().url).toBe(WS_URL);
    expect(FakeWebSocket.instances[0].closedByClient).toBe(true);
    expect(video().dataset.transport).toBe('ws');
    rerender({ muted: true });
    expect(FakeWebSocket.latest().url).toBe(FRAMES_URL);
    expect(video().dataset.transport).toBe('frames');
  });

  it('uses WebSocket/MSE outside a secure context (no WebCodecs) and with ?transport=ws', () => {
    vi.stubGlobal('isSecureContext', false);
    const insecure = renderPlayer();
    expect(FakeWebSocket.latest().url).toBe(WS_URL);
    insecure.unmount();
    vi.stubGlobal('isSecureContext', true);
    renderPlayer({ transport: 'ws' });
    expect(FakeWebSocket.latest().url).toBe(WS_URL);
  });

  it('releases everything on unmount: socket, decoder, track, the frame waiting to be shown', async () => {
    const { unmount } = renderPlayer();
    const socket = FakeWebSocket.latest();
    const decoder = await sendConfig(socket);
    sendFrames(socket, 0, 3);
    act(() => decoder.output());
    // Frame 2 is being written, frame 4 waits behind it, frame 5 is still in the decoder.
    sendFrames(socket, 3, 3);
    act(() => decoder.output(2));
    unmount();
    act(() => decoder.output());
    await settle();
    expect(socket.closedByClient).toBe(true);
    expect(decoder.state).toBe('closed');
    expect(FakeTrackGenerator.latest().stopped).toBe(true);
    expectEveryFrameClosedOnce();
  });
});
