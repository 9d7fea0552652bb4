import { act, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { encodeFrame, FakeVideoDecoder, FakeVideoFrame } from './fakeWebCodecs';
import type { FakeWebSocket } from './fakeWebSocket';
import { BASE_MS } from './wsLiveKit';

/** What the fake argusd sends on the frames route (player/FramesPlayer.test.tsx, player/framesPrewarm.test.tsx). */
export const FRAMES_URL = `ws://${window.location.host}/n1/cameras/2/live/main/frames`;
export const WS_URL = `ws://${window.location.host}/n1/cameras/2/live/main/ws`;
export const AVCC_BASE64 = 'AWQAH//hAARnZAAf';
export const CONFIG = { type: 'config', codec: 'avc1.64001f', coded_width: 1280, coded_height: 720, description: AVCC_BASE64 };
/** 15 fps, timestamps on the wall-clock timeline (µs). */
export const FRAME_US = 66_667;
export const BASE_US = BASE_MS * 1000;
export const frameUs = (index: number) => BASE_US + index * FRAME_US;

/** The server's frames `from`..`from + count - 1`; the first one of every 30 is a keyframe. */
export function sendFrames(socket: FakeWebSocket, from: number, count: number) {
  act(() => {
    for (let i = from; i < from + count; i += 1) {
      const data = Uint8Array.of(0, 0, 0, 1, i % 30 === 0 ? 0x65 : 0x41);
      socket.sendBinary(encodeFrame({ key: i % 30 === 0, timestampUs: frameUs(i), durationUs: FRAME_US, data }));
    }
  });
}

/** Config sent and the decoder configured (the browser's isConfigSupported answers asynchronously). */
export async function sendConfig(socket: FakeWebSocket, config: object = CONFIG): Promise<FakeVideoDecoder> {
  const before = FakeVideoDecoder.instances.length;
  act(() => socket.sendText(config));
  await waitFor(() => expect(FakeVideoDecoder.instances.length).toBe(before + 1));
  return FakeVideoDecoder.latest();
}

/** Lets the sink's write promises settle. */
export async function settle() {
  await act(async () => {
    await Promise.resolve();
    await Promise.resolve();
  });
}

/** Every VideoFrame the decoder produced was closed exactly once (by the track after showing it, or by the player). */
export function expectEveryFrameClosedOnce() {
  expect(FakeVideoFrame.instances.map((frame) => frame.closeCount)).toEqual(FakeVideoFrame.instances.map(() => 1));
}
