import { act, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { signedInState } from '../../../test/state';
import { apiErrors, apiPath, json, server } from '../../../test/server';
import { camerasHandler, makeCamera } from '../../cameras/test/fixtures';
import { liveCamera, makeTile, makeWall, NETWORK_ID } from '../test/wallFixtures';
import type { VideoWall } from '../wallsApi';
import { WallView } from './WallView';

// jsdom has no media pipeline: every tile's player reports 'playing' (after the tile's own reset to 'loading');
// frames are given per test.
vi.mock('../../viewer/player/VideoPlayer', async () => {
  const { useEffect } = await import('react');
  return {
    VideoPlayer: ({ onEvent }: { onEvent: (event: string) => void }) => {
      useEffect(() => {
        const timer = setTimeout(() => onEvent('playing'), 0);
        return () => clearTimeout(timer);
      }, []);
      return null;
    },
  };
});

const logEventPath = apiPath('/n/:networkId/manage/access_logs/log_event');

const lobby = liveCamera(1, 'Lobby');
const desk = liveCamera(2, 'Desk');
const parking = liveCamera(3, 'Parking', { status: 'offline' });
const hidden = makeCamera(4, { name: 'Secret vault', permissions: { live: false, historical: false, export: false, write: false } });
const gate = liveCamera(9, 'Gate', { network_id: 6 });

// 21 rows of the 28-column grid: 1920 x 810 px.
const wall = makeWall(
  7201,
  'Front of house',
  [
    makeTile(lobby, { x: 0, y: 0, w: 14, h: 14 }),
    makeTile(desk, { x: 14, y: 0 }),
    makeTile(parking, { x: 21, y: 0 }),
    makeTile(hidden, { x: 14, y: 7 }),
    makeTile(gate, { x: 21, y: 7 }),
    makeTile(lobby, { x: 0, y: 14 }),
  ],
  { is_cross_network: true },
);

function renderWall(shown: VideoWall) {
  server.use(camerasHandler([lobby, desk, parking, hidden]));
  return renderWithProviders(<WallView wall={shown} />, {
    route: `/n/${NETWORK_ID}/video-walls/${shown.id}`,
    path: '/n/:networkId/video-walls/:videoWallId',
    preloadedState: signedInState(),
  });
}

function tileVideos(cameraId: number): HTMLVideoElement[] {
  return screen
    .getAllByTestId('wall-tile')
    .filter((tile) => tile.getAttribute('data-camera-id') === String(cameraId))
    .map((tile) => within(tile).getByTestId('wall-tile-video') as HTMLVideoElement);
}

function giveFrame(video: HTMLVideoElement, width: number, height: number) {
  Object.defineProperty(video, 'readyState', { configurable: true, value: 4 });
  Object.defineProperty(video, 'videoWidth', { configurable: true, value: width });
  Object.defineProperty(video, 'videoHeight', { configurable: true, value: height });
}

describe('wall screenshot', () => {
  const drawn: unknown[][] = [];
  const texts: string[] = [];
  const downloads: string[] = [];
  const logged: { path: string; body: unknown }[] = [];
  let canvas: HTMLCanvasElement | null = null;

  beforeEach(() => {
    act(() => notifications.clean());
    drawn.length = 0;
    texts.length = 0;
    downloads.length = 0;
    logged.length = 0;
    canvas = null;
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement, kind: string) {
      if (kind !== '2d') return null; // no WebGL in jsdom
      canvas = this;
      return {
        drawImage: (...args: unknown[]) => drawn.push(args),
        fillRect: () => undefined,
        fillText: (text: string) => texts.push(text),
        fillStyle: '',
        font: '',
        textBaseline: '',
      } as unknown as CanvasRenderingContext2D;
    } as unknown as typeof HTMLCanvasElement.prototype.getContext);
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback, type) => callback(new Blob(['jpeg'], { type })));
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: vi.fn(() => 'blob:wall') });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    server.use(
      http.post(logEventPath, async ({ request }) => {
        logged.push({ path: new URL(request.url).pathname, body: await request.json() });
        return json({ success: true });
      }),
    );
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('composes the playing tiles at their places, black elsewhere, and logs each channel under its network', async () => {
    const { user } = renderWall(wall);
    await waitFor(() => expect(tileVideos(1)[0]).toHaveAttribute('data-status', 'playing'));
    const [lobbyBig, lobbySmall] = tileVideos(1);
    giveFrame(lobbyBig, 1920, 1080);
    giveFrame(lobbySmall, 1920, 1080);
    giveFrame(tileVideos(2)[0], 640, 480);
    giveFrame(tileVideos(9)[0], 1280, 720);

    const before = Date.now();
    await user.click(screen.getByRole('button', { name: 'Screenshot' }));
    expect(await screen.findByText('Screenshot saved')).toBeInTheDocument();

    expect(downloads).toHaveLength(1);
    expect(downloads[0]).toMatch(/^Screenshot - Front of house - \d{4}-\d{2}-\d{2} \d{2}-\d{2}-\d{2}\.jpg$/);
    expect(canvas!.width).toBe(1920);
    expect(canvas!.height).toBe(810 + Math.round(810 * 0.06));
    // Tile order; the desk's 4:3 frame pillarboxed in its 480 x 270 tile; parking (offline) and the hidden tile black.
    expect(drawn).toEqual([
      [lobbyBig, 0, 0, 960, 540],
      [tileVideos(2)[0], 1020, 0, 360, 270],
      [tileVideos(9)[0], 1440, 270, 480, 270],
      [lobbySmall, 0, 540, 480, 270],
    ]);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/^Front of house {2}\S/);
    expect(texts.join()).not.toContain('Secret vault');
    expect(HTMLCanvasElement.prototype.toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', 0.92);

    await waitFor(() => expect(logged).toHaveLength(3));
    const bodies = logged.map((entry) => entry.body as { channel_id: number; start_time: number; end_time: number });
    expect(logged.map((entry, index) => [entry.path, bodies[index].channel_id]).sort()).toEqual([
      [`/n1/n/${NETWORK_ID}/manage/access_logs/log_event`, 10],
      [`/n1/n/${NETWORK_ID}/manage/access_logs/log_event`, 20],
      ['/n1/n/6/manage/access_logs/log_event', 90],
    ]);
    for (const body of bodies) {
      expect(body).toMatchObject({ event: 'screenshot_created' });
      expect(body.start_time).toBe(body.end_time);
      expect(body.start_time * 1000).toBeGreaterThanOrEqual(before);
      expect(body.start_time * 1000).toBeLessThanOrEqual(Date.now());
    }
    expect(screen.getByRole('button', { name: 'Screenshot' })).toBeEnabled();
  });

  it("says 'screenshot-error' and logs nothing when no tile has a frame", async () => {
    const { user } = renderWall(wall);
    await waitFor(() => expect(tileVideos(1)[0]).toHaveAttribute('data-status', 'playing'));
    await user.click(screen.getByRole('button', { name: 'Screenshot' }));
    expect(await screen.findByText('The screenshot could not be taken')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(drawn).toHaveLength(0);
    expect(downloads).toHaveLength(0);
    expect(logged).toHaveLength(0);
  });

  it('keeps the success when the event log fails', async () => {
    let calls = 0;
    server.use(
      http.post(logEventPath, () => {
        calls += 1;
        return apiErrors(['boom'], 500);
      }),
    );
    const { user } = renderWall(makeWall(7202, 'Desk only', [makeTile(desk)]));
    await waitFor(() => expect(tileVideos(2)[0]).toHaveAttribute('data-status', 'playing'));
    giveFrame(tileVideos(2)[0], 1280, 720);
    await user.click(screen.getByRole('button', { name: 'Screenshot' }));
    expect(await screen.findByText('Screenshot saved')).toBeInTheDocument();
    await waitFor(() => expect(calls).toBe(1));
    expect(downloads).toEqual([expect.stringMatching(/^Screenshot - Desk only - /)]);
    expect(screen.queryByText('The screenshot could not be taken')).not.toBeInTheDocument();
  });
});
