import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrors, apiPath, json, server } from '../../../test/server';
import { NETWORK_ID } from '../../cameras/test/fixtures';
import { useLayoutSize } from '../../cameras/test/layoutSize';
import { FakeHls } from '../test/fakeHls';
import { lobbyCamera, openViewerCamera, useViewerTestKit } from '../test/viewerTestKit';

vi.mock('hls.js', async () => (await import('../test/fakeHls')).hlsModule);

const lobby = lobbyCamera;
const logEventPath = apiPath('/n/:networkId/manage/access_logs/log_event');

const openCamera = (query = '') => openViewerCamera(lobby, query);

const video = () => screen.getByTestId('camera-video') as HTMLVideoElement;

describe('camera viewer fullscreen', () => {
  useLayoutSize();
  useViewerTestKit();
  let fullscreenElement: Element | null = null;
  const setFullscreen = (element: Element | null) => {
    fullscreenElement = element;
    document.dispatchEvent(new Event('fullscreenchange'));
  };
  const requestFullscreen = vi.fn(function (this: HTMLElement) {
    setFullscreen(this);
    return Promise.resolve();
  });
  const exitFullscreen = vi.fn(() => {
    setFullscreen(null);
    return Promise.resolve();
  });

  beforeEach(() => {
    fullscreenElement = null;
    requestFullscreen.mockClear();
    exitFullscreen.mockClear();
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => fullscreenElement });
    Object.defineProperty(HTMLElement.prototype, 'requestFullscreen', { configurable: true, value: requestFullscreen });
    Object.defineProperty(document, 'exitFullscreen', { configurable: true, value: exitFullscreen });
  });
  afterEach(() => {
    Reflect.deleteProperty(document, 'fullscreenElement');
    Reflect.deleteProperty(HTMLElement.prototype, 'requestFullscreen');
    Reflect.deleteProperty(document, 'exitFullscreen');
  });

  it('puts the whole viewer in fullscreen and back', async () => {
    const { user } = await openCamera();
    await user.click(screen.getByRole('button', { name: 'Fullscreen' }));
    expect(requestFullscreen).toHaveBeenCalledTimes(1);
    expect(requestFullscreen.mock.contexts[0]).toBe(screen.getByTestId('camera-viewer'));
    expect(await screen.findByRole('button', { name: 'Exit fullscreen' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Exit fullscreen' }));
    expect(exitFullscreen).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('button', { name: 'Fullscreen' })).toBeInTheDocument();
  });

  it('follows the browser leaving fullscreen on its own (Escape) and hides the controls after 5 s in fullscreen', async () => {
    await openCamera();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Fullscreen' }));
      expect(screen.getByRole('button', { name: 'Exit fullscreen' })).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(4900));
      expect(screen.getByTestId('player-controls')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(200));
      expect(screen.queryByTestId('player-controls')).not.toBeInTheDocument();
      act(() => setFullscreen(null));
      expect(screen.getByRole('button', { name: 'Fullscreen' })).toBeInTheDocument();
      expect(exitFullscreen).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('ignores fullscreen of another element and a refused request', async () => {
    const { user } = await openCamera();
    act(() => setFullscreen(document.body));
    expect(screen.getByRole('button', { name: 'Fullscreen' })).toBeInTheDocument();
    act(() => setFullscreen(null));
    requestFullscreen.mockImplementationOnce(() => Promise.reject(new TypeError('Permissions check failed')));
    await user.click(screen.getByRole('button', { name: 'Fullscreen' }));
    expect(requestFullscreen).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Fullscreen' })).toBeInTheDocument();
  });
});

describe('camera viewer screenshot', () => {
  useLayoutSize();
  useViewerTestKit();
  const drawn: unknown[][] = [];
  const texts: string[] = [];
  const downloads: { href: string; download: string }[] = [];
  let canvas: HTMLCanvasElement | null = null;

  beforeEach(() => {
    act(() => notifications.clean()); // toasts live in a module-level store, across tests
    drawn.length = 0;
    texts.length = 0;
    downloads.length = 0;
    canvas = null;
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
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
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback, type) =>
      callback(new Blob(['jpeg'], { type })),
    );
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: vi.fn(() => 'blob:screenshot') });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  /** Opens history at ts (seconds) and puts the playhead at ts + 10 s with a 1920x1080 frame on screen. */
  async function openWithFrame(ts: number) {
    const rendered = await openCamera(`?ts=${ts}`);
    await waitFor(() => expect(FakeHls.latest()?.url).toContain('/history/'));
    const start = ts * 1000 - 60_000;
    const fragments = Array.from({ length: 90 }, (_, index) => ({ start: index * 2, duration: 2, programDateTime: start + index * 2000 }));
    act(() => FakeHls.latest().emit('hlsLevelLoaded', { details: { fragments } }));
    Object.defineProperty(video(), 'readyState', { configurable: true, value: 4 });
    Object.defineProperty(video(), 'videoWidth', { configurable: true, value: 1920 });
    Object.defineProperty(video(), 'videoHeight', { configurable: true, value: 1080 });
    video().currentTime = 70;
    fireEvent(video(), new Event('timeupdate'));
    await waitFor(() => expect(screen.getByTestId('player-time').textContent).not.toBe(''));
    return rendered;
  }

  it('saves the frame with a time band as a JPEG and logs screenshot_created for the channel', async () => {
    const requests: { url: string; body: unknown; headers: Headers }[] = [];
    server.use(
      http.post(logEventPath, async ({ request }) => {
        requests.push({ url: request.url, body: await request.json(), headers: request.headers });
        return json({ success: true });
      }),
    );
    const ts = Math.floor(Date.now() / 1000) - 3600;
    const { user } = await openWithFrame(ts);
    await user.click(screen.getByRole('button', { name: 'Screenshot' }));

    expect(await screen.findByText('Screenshot saved')).toBeInTheDocument();
    expect(downloads).toHaveLength(1);
    expect(downloads[0].href).toBe('blob:screenshot');
    expect(downloads[0].download).toMatch(/^Screenshot - Lobby - \d{4}-\d{2}-\d{2} \d{2}-\d{2}-\d{2}\.jpg$/);
    expect(drawn[0]).toEqual([video(), 0, 0, 1920, 1080]);
    expect(canvas).not.toBeNull();
    expect(canvas!.width).toBe(1920);
    expect(canvas!.height).toBe(1080 + Math.round(1080 * 0.06));
    expect(texts[0]).toMatch(/^Lobby {2}\S/);
    expect(HTMLCanvasElement.prototype.toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', 0.92);

    await waitFor(() => expect(requests).toHaveLength(1));
    expect(new URL(requests[0].url).pathname).toBe(`/n1/n/${NETWORK_ID}/manage/access_logs/log_event`);
    expect(requests[0].body).toEqual({ event: 'screenshot_created', channel_id: 20, start_time: ts + 10, end_time: ts + 10 });
    expect(requests[0].headers.get('content-type')).toBe('application/json');
    expect(requests[0].headers.get('x-requested-with')).toBe('XMLHttpRequest');
  });

  it('still reports success and keeps the download when the event log call fails', async () => {
    let calls = 0;
    server.use(
      http.post(logEventPath, () => {
        calls += 1;
        return apiErrors(['boom'], 500);
      }),
    );
    const { user } = await openWithFrame(Math.floor(Date.now() / 1000) - 7200);
    await user.click(screen.getByRole('button', { name: 'Screenshot' }));
    expect(await screen.findByText('Screenshot saved')).toBeInTheDocument();
    await waitFor(() => expect(calls).toBe(1));
    expect(downloads).toHaveLength(1);
    expect(screen.queryByText('The screenshot could not be taken')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Screenshot' })).toBeEnabled();
  });

  it('logs nothing when the screenshot fails', async () => {
    let calls = 0;
    server.use(
      http.post(logEventPath, () => {
        calls += 1;
        return json({ success: true });
      }),
    );
    const { user } = await openCamera();
    await user.click(screen.getByRole('button', { name: 'Screenshot' }));
    expect(await screen.findByText('The screenshot could not be taken')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toBe(0);
    expect(downloads).toHaveLength(0);
  });
});
