import type { Page, WebSocket } from 'playwright-core';
import { expect } from 'vitest';
import type { CameraViewerPage } from './pages/CameraViewerPage';
import { screenshot } from './support/browser';
import {
  CAMERA,
  expectPlaying,
  H264_MSE_TYPE,
  h264Supported,
  LIVE_PLAYLIST,
  LIVE_SOCKET,
  LIVE_WS,
  median,
  openCamera,
  recordRequests,
  waitForLiveStream,
} from './support/cameraVideo';
import { setupE2E } from './support/e2e';
import { eventually } from './support/wait';

/**
 * Live video over the WebSocket fMP4 transport (docs/design/live.md "WebSocket fMP4 transport"; portal side
 * features/viewer/player/WsMsePlayer): `?transport=ws` plays with no error state and a camera-to-screen latency under
 * 1 s, and a page whose WebSocket fails falls back to LL-HLS (the default frames transport and its fallback to this
 * one: live-frames.spec.ts). One `argusd --demo` (with camsim) for the file.
 */

const { test } = setupE2E();

/** Latency samples over the first seconds include the jump to the live edge: skip them. */
const SETTLE_MS = 2_000;
const LATENCY_LIMIT_MS = 1_000;

interface LiveSocket {
  url: string;
  /** Control messages (parsed JSON). */
  texts: Record<string, unknown>[];
  /** Binary messages (init segments and fragments). */
  binaries: number;
}

/** Every live WebSocket of the page and what it received. */
function recordLiveSockets(page: Page): LiveSocket[] {
  const sockets: LiveSocket[] = [];
  page.on('websocket', (socket: WebSocket) => {
    if (!LIVE_WS.test(socket.url())) return;
    const seen: LiveSocket = { url: socket.url(), texts: [], binaries: 0 };
    sockets.push(seen);
    socket.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string') seen.texts.push(JSON.parse(payload) as Record<string, unknown>);
      else seen.binaries += 1;
    });
  });
  return sockets;
}

async function requireH264(page: Page): Promise<void> {
  if (await h264Supported(page)) return;
  throw new Error(`this Chromium cannot play H.264 (${H264_MSE_TYPE}); live cannot run`);
}

/** Latency samples (ms) every 250 ms for `periodMs`, after SETTLE_MS. */
async function sampleLatency(viewer: CameraViewerPage, periodMs: number): Promise<number[]> {
  await viewer.page.waitForTimeout(SETTLE_MS);
  const samples: number[] = [];
  const end = Date.now() + periodMs;
  while (Date.now() < end) {
    const latency = await viewer.liveLatencyMs();
    if (latency !== null) samples.push(latency);
    await viewer.page.waitForTimeout(250);
  }
  return samples;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

test('?transport=ws: live plays over the WebSocket with a latency under 1 s', async ({ server, context, page }) => {
  await waitForLiveStream(server, CAMERA);
  const requests = recordRequests(page);
  const sockets = recordLiveSockets(page);
  const { viewer, camera, openedAtMs } = await openCamera(server, context, page, CAMERA, 'ws');
  await requireH264(page);
  await viewer.expectLive(true);
  expect(await viewer.transport(), 'the live transport').toBe('ws');

  const advancedS = await expectPlaying(viewer, 'live over WebSocket');
  // The last one: the page before the `?transport=ws` reload may have opened one for the same camera.
  const ofCamera = new RegExp(`/cameras/${camera.id}/live/(main|sub)/ws$`);
  const socket = sockets.filter((entry) => ofCamera.test(entry.url)).at(-1);
  expect(socket, `a live WebSocket of camera ${camera.id}`).toBeDefined();
  const init = socket!.texts.find((message) => message.type === 'init');
  expect(init, 'an init message').toBeDefined();
  expect(init!.codec).toMatch(/^avc1\./);
  expect(Math.abs(Number(init!.base_ms) - Date.now()), 'init base_ms is about now (UTC ms)').toBeLessThan(30_000);
  expect(socket!.binaries, 'binary messages (init segment + fragments)').toBeGreaterThan(10);
  const onPage = requests.filter((entry) => entry.atMs >= openedAtMs);
  expect(onPage.some((entry) => LIVE_PLAYLIST.test(entry.url)), 'no LL-HLS playlist request (no fallback)').toBe(false);

  const samples = await sampleLatency(viewer, 8_000);
  const shown = await viewer.sample();
  const aheadS = (shown.bufferedEnd ?? shown.currentTime) - shown.currentTime;
  const controls = JSON.stringify(socket!.texts.map((message) => message.type));
  console.log(
    `[live-ws] currentTime +${advancedS.toFixed(2)} s over 3 s; latency now - wall clock of the frame on screen: ` +
      `${samples.length} samples, p50 ${median(samples)?.toFixed(0)} ms, ` +
      `p95 ${percentile(samples, 95).toFixed(0)} ms, ` +
      `max ${Math.max(...samples).toFixed(0)} ms; buffered.end - currentTime ${aheadS.toFixed(2)} s; ` +
      `${socket!.binaries} binary messages, control messages ${controls}`,
  );
  expect(samples.length, 'latency samples').toBeGreaterThan(10);
  expect(Math.max(...samples), 'latency (ms) of every sample').toBeLessThan(LATENCY_LIMIT_MS);
  expect(Math.min(...samples), 'latency (ms) is not negative beyond clock noise').toBeGreaterThan(-50);
  expect(await viewer.errorTexts().count(), 'error/offline texts').toBe(0);
  await screenshot(page, 'live-ws');
});

test('a page whose live WebSockets fail (frames, then MSE) falls back to LL-HLS and plays', async ({
  server,
  context,
  page,
}) => {
  await waitForLiveStream(server, CAMERA);
  // Every live WebSocket of this page closes before the server's first message (as a proxy without WebSocket support
  // would): the frames transport fails, then WebSocket/MSE, then LL-HLS plays.
  let refused = 0;
  await page.routeWebSocket(LIVE_SOCKET, (route) => {
    refused += 1;
    void route.close({ code: 1011, reason: 'refused by the test' });
  });
  const requests = recordRequests(page);
  const { viewer } = await openCamera(server, context, page, CAMERA);
  await requireH264(page);
  await eventually(() => viewer.transport(), (value) => value === 'hls', 'the transport after the WebSocket failed');
  await expectPlaying(viewer, 'live after the fallback');
  expect(refused, 'live WebSockets refused').toBeGreaterThanOrEqual(1);
  expect(requests.some((entry) => LIVE_PLAYLIST.test(entry.url)), 'a live playlist request').toBe(true);
});
