import type { BrowserContext, Page, Request, WebSocket } from 'playwright-core';
import { expect } from 'vitest';
import { CameraViewerPage } from '../pages/CameraViewerPage';
import { CamerasPage } from '../pages/CamerasPage';
import { NetworkChooserPage } from '../pages/NetworkChooserPage';
import { ShellPage } from '../pages/ShellPage';
import { SignInPage } from '../pages/SignInPage';
import { type ApiCamera, type ApiNetwork, apiGet, apiSession, apiSessionGet } from './api';
import type { Argusd } from './argusd';
import { eventually, expectHidden, expectPath } from './wait';

/** Shared steps of the video specs (video.spec.ts, live-ws.spec.ts) against `argusd --demo` with camsim. */

export const ADMIN = 'admin@argus.demo';
/** The demo admin belongs to two organizations (spec 01 ORG_CHOOSE); the specs sign them in to this one. */
export const ADMIN_ORGANIZATION = 'Northwind Logistics';
export const NETWORK = 'Warehouse HQ';
export const CAMERA = 'Lobby Entrance';
/** H.264 High profile (camsim's footage); Debian's Chromium plays it. */
export const H264_MSE_TYPE = 'video/mp4; codecs="avc1.64001f"';
/** Requests (and WebSockets) a video player makes: playlists, init segments, parts/segments, the live socket. */
export const PLAYER_REQUEST = /\/cameras\/\d+\/(live|history)\/|\.m3u8(\?|$)|\.m4s(\?|$)|init\.mp4(\?|$)/;
/** The live fMP4 WebSocket of a camera stream (features/viewer/player/WsMsePlayer). */
export const LIVE_WS = /^wss?:\/\/[^/]+\/n\d+\/cameras\/\d+\/live\/(main|sub)\/ws$/;
/** The live frames WebSocket of a camera stream (features/viewer/player/FramesPlayer). */
export const LIVE_FRAMES = /^wss?:\/\/[^/]+\/n\d+\/cameras\/\d+\/live\/(main|sub)\/frames$/;
/** Either live WebSocket. */
export const LIVE_SOCKET = /^wss?:\/\/[^/]+\/n\d+\/cameras\/\d+\/live\/(main|sub)\/(ws|frames)$/;
/** A live LL-HLS playlist request. */
export const LIVE_PLAYLIST = /\/live\/(main|sub)\/index\.m3u8/;

/** The live transport forced with `?transport=` on the camera page (features/viewer README), or the default (auto). */
export type TransportParam = 'hls' | 'ws' | 'frames' | undefined;

export interface Opened {
  networkId: number;
  network: ApiNetwork;
  cameras: ApiCamera[];
  camera: ApiCamera;
  viewer: CameraViewerPage;
  /** Date.now() when the camera page itself was requested (with `?transport=`: its reload). */
  openedAtMs: number;
}

/** Every request and WebSocket of the page, with the page-independent time it was seen. */
export function recordRequests(page: Page): { url: string; atMs: number }[] {
  const seen: { url: string; atMs: number }[] = [];
  page.on('request', (request: Request) => seen.push({ url: request.url(), atMs: Date.now() }));
  page.on('websocket', (socket: WebSocket) => seen.push({ url: socket.url(), atMs: Date.now() }));
  return seen;
}

/**
 * Signs in as the org admin, chooses Warehouse HQ and opens the camera `pick` from the camera list (ids from the API);
 * with `transport`, then reloads that camera page with `?transport=`.
 */
export async function openCamera(
  server: Argusd,
  context: BrowserContext,
  page: Page,
  pick: string | ((cameras: ApiCamera[]) => ApiCamera | undefined),
  transport?: TransportParam,
): Promise<Opened> {
  const signIn = new SignInPage(page);
  const shell = new ShellPage(page);
  const chooser = new NetworkChooserPage(page);
  const list = new CamerasPage(page);
  await page.goto('/login');
  await signIn.signInTo(ADMIN, server.credential(ADMIN).password, ADMIN_ORGANIZATION);
  await shell.waitUntilSignedIn();
  await chooser.waitUntilShown();
  const networks = await apiGet<ApiNetwork[]>(context, server.baseUrl, '/vision/networks');
  const network = networks.find((entry) => entry.name === NETWORK);
  expect(network, `${NETWORK} among the networks`).toBeDefined();
  const networkId = network!.id;
  await chooser.choose(NETWORK);
  await expectPath(page, new RegExp(`^/n/${networkId}/cameras/\\d+$`), 20_000);
  const cameras = await apiGet<ApiCamera[]>(context, server.baseUrl, `/n/${networkId}/manage/vision/cameras`);
  const camera = typeof pick === 'string' ? cameras.find((entry) => entry.name === pick) : pick(cameras);
  expect(camera, `${typeof pick === 'string' ? pick : 'the wanted camera'} among the cameras of ${NETWORK}`).toBeDefined();
  await list.waitForList();
  let openedAtMs = Date.now();
  await list.listItem(camera!.name).click();
  await expectPath(page, new RegExp(`^/n/${networkId}/cameras/${camera!.id}$`));
  if (transport) {
    openedAtMs = Date.now();
    await page.goto(`/n/${networkId}/cameras/${camera!.id}?transport=${transport}`);
    await expectPath(page, new RegExp(`^/n/${networkId}/cameras/${camera!.id}\\?transport=${transport}$`));
  }
  await list.expectCameraTitle(camera!.name);
  const viewer = new CameraViewerPage(page);
  await viewer.waitUntilShown();
  return { networkId, network: network!, cameras, camera: camera!, viewer, openedAtMs };
}

/**
 * Waits until the server serves `cameraName`'s live playlist (200 with a segment), through a separate admin API
 * session and the live path the server itself announces in the camera's channel. Returns the milliseconds waited.
 */
export async function waitForLiveStream(server: Argusd, cameraName: string): Promise<number> {
  const started = Date.now();
  const api = await apiSession(server.baseUrl, ADMIN, server.credential(ADMIN).password);
  try {
    const networks = await apiSessionGet<ApiNetwork[]>(api, '/vision/networks');
    const network = networks.find((entry) => entry.name === NETWORK);
    if (!network) throw new Error(`${NETWORK} not among the networks`);
    const cameras = await apiSessionGet<ApiCamera[]>(api, `/n/${network.id}/manage/vision/cameras`);
    const camera = cameras.find((entry) => entry.name === cameraName);
    const livePath = camera?.channel?.cloud_proxy_livestream_path;
    if (!livePath) throw new Error(`${cameraName} has no live path in its channel: ${JSON.stringify(camera?.channel)}`);
    const url = `${livePath.endsWith('/') ? livePath : `${livePath}/`}index.m3u8`;
    await eventually(
      async () => {
        const response = await api.get(url);
        return response.ok() && (await response.text()).includes('#EXTINF');
      },
      (ready) => ready,
      `the live playlist ${url} answering 200 with a segment`,
      30_000,
    );
    return Date.now() - started;
  } finally {
    await api.dispose();
  }
}

/** H.264 in MSE; a Chromium without proprietary codecs cannot play the demo cameras at all. */
export async function h264Supported(page: Page): Promise<boolean> {
  return page.evaluate((type) => typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported(type), H264_MSE_TYPE);
}

/** Asserts the video is playing: no state overlay or error text, the picture moving ≥ 1 s over ~3 s. */
export async function expectPlaying(viewer: CameraViewerPage, what: string): Promise<number> {
  await viewer.waitUntilPlaying(what);
  await expectHidden(viewer.status, `${what}: the video status overlay`, 10_000);
  const { end, advancedS } = await viewer.advanceOver(3_000);
  expect(end.errorCode, `${what}: MediaError code`).toBeNull();
  expect(advancedS, `${what}: media time advance over 3 s`).toBeGreaterThanOrEqual(1);
  expect(await viewer.statusText(), `${what}: status overlay text`).toBeNull();
  expect(await viewer.errorTexts().count(), `${what}: error/offline texts shown`).toBe(0);
  return advancedS;
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
