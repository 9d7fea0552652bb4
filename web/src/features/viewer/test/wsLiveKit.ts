import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { rememberFailure } from '../player/transportChoice';
import { FAKE_INIT_SEGMENT, FakeMediaSource, type FakeSourceBuffer, fakeFragment, installFakeMse } from './fakeMse';
import { type FakeWebSocket, installFakeWebSocket } from './fakeWebSocket';

/** What the fake server streams: media times are UTC (tfdt/90 kHz), the first fragment at BASE_MS. */
export const BASE_MS = 1_763_765_432_000;
export const BASE_S = BASE_MS / 1000;
export const FRAGMENT_S = 0.2;

/**
 * A browser with MediaSource and WebSocket (the fakes) for the tests of the calling file; forgets a WebSocket failure
 * remembered by an earlier test (the page-life fallback). Use with useViewerTestKit (media element stubs, FakeHls).
 */
export function useWsLiveFakes() {
  beforeEach(() => {
    rememberFailure(null);
    FakeMediaSource.supportedCodecs = new Set(['avc1.64001f', 'avc1.4d401f']);
    installFakeMse();
    installFakeWebSocket();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
}

/** The server's init: JSON then the init segment; resolves with the SourceBuffer once the MediaSource opened. */
export async function sendInit(socket: FakeWebSocket, baseMs = BASE_MS, codec = 'avc1.64001f'): Promise<FakeSourceBuffer> {
  const before = FakeMediaSource.instances.length;
  act(() => {
    socket.sendText({ type: 'init', codec, width: 1280, height: 720, base_ms: baseMs });
    socket.sendBinary(FAKE_INIT_SEGMENT);
  });
  await waitFor(() => expect(FakeMediaSource.instances.length).toBe(before + 1));
  await waitFor(() => expect(FakeMediaSource.latest().buffer?.appended.length).toBeGreaterThanOrEqual(1));
  return FakeMediaSource.latest().buffer;
}

/** `count` consecutive 200 ms fragments from `fromS` seconds after `baseS`, waited until all are buffered. */
export async function sendFragments(
  socket: FakeWebSocket,
  buffer: FakeSourceBuffer,
  fromS: number,
  count: number,
  baseS = BASE_S,
): Promise<void> {
  const appended = buffer.appended.length;
  act(() => {
    for (let i = 0; i < count; i += 1) {
      socket.sendBinary(fakeFragment(baseS + fromS + i * FRAGMENT_S, baseS + fromS + (i + 1) * FRAGMENT_S));
    }
  });
  await waitFor(() => expect(buffer.appended.length).toBe(appended + count));
  await waitFor(() => expect(buffer.updating).toBe(false));
}

export function bufferedEnd(buffer: FakeSourceBuffer): number {
  const ranges = buffer.buffered;
  return ranges.end(ranges.length - 1);
}
