import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { json, server } from '../../../test/server';
import { camerasHandler, makeCamera, NETWORK_ID } from '../../cameras/test/fixtures';
import { useLayoutSize } from '../../cameras/test/layoutSize';
import { renderCameraArea } from '../../cameras/test/renderCameraArea';
import { FakeHls } from '../test/fakeHls';
import { availabilityPath, liveInitHandler, lobbyCamera, openViewerCamera, useViewerTestKit } from '../test/viewerTestKit';

vi.mock('hls.js', async () => (await import('../test/fakeHls')).hlsModule);

const lobby = lobbyCamera;

const openCamera = openViewerCamera;

const video = () => screen.getByTestId('camera-video') as HTMLVideoElement;

describe('camera viewer', () => {
  useLayoutSize();
  useViewerTestKit();

  it('plays the live LL-HLS main stream and walks through the video states', async () => {
    await openCamera();
    expect(await screen.findByText('connecting to camera')).toBeInTheDocument();
    const hls = FakeHls.latest();
    expect(hls.url).toBe('/n1/cameras/2/live/main/index.m3u8');
    expect(hls.config.lowLatencyMode).toBe(true);
    expect(hls.media).toBe(video());

    fireEvent(video(), new Event('playing'));
    await waitFor(() => expect(screen.queryByTestId('video-status')).not.toBeInTheDocument());

    fireEvent(video(), new Event('waiting'));
    expect(screen.queryByText('fetching metadata')).not.toBeInTheDocument();
    expect(await screen.findByText('fetching metadata', {}, { timeout: 1500 })).toBeInTheDocument();
    fireEvent(video(), new Event('playing'));
    await waitFor(() => expect(screen.queryByText('fetching metadata')).not.toBeInTheDocument());
  });

  it('shows the video error with a reload that recreates the player', async () => {
    const { user } = await openCamera();
    await screen.findByText('connecting to camera');
    act(() => FakeHls.latest().emit('hlsError', { fatal: true, response: { code: 500 } }));
    expect(await screen.findByText('An error has occurred during video playback')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(FakeHls.instances).toHaveLength(2));
    expect(FakeHls.instances[0].destroyed).toBe(true);
    expect(await screen.findByText('connecting to camera')).toBeInTheDocument();
  });

  it("retries live video that the server reports offline (503) until it plays, without a page reload", async () => {
    await openCamera();
    await screen.findByText('connecting to camera');
    act(() => FakeHls.latest().emit('hlsError', { fatal: true, response: { code: 503 } }));
    expect(await screen.findByTestId('offline-reason')).toHaveTextContent(/^Offline$/);
    await waitFor(() => expect(FakeHls.instances).toHaveLength(2), { timeout: 5000 });
    expect(FakeHls.instances[0].destroyed).toBe(true);
    expect(FakeHls.latest().url).toBe('/n1/cameras/2/live/main/index.m3u8');
    fireEvent(video(), new Event('playing'));
    await waitFor(() => expect(screen.queryByTestId('offline-reason')).not.toBeInTheDocument());
  }, 10_000);

  it('says why a camera is offline in live, instead of the pause and Live buttons', async () => {
    await openCamera(makeCamera(3, { status: 'offline' }));
    expect(await screen.findByTestId('offline-reason')).toHaveTextContent(/^Offline$/);
    expect(FakeHls.instances).toHaveLength(0);
    const controls = screen.getByTestId('player-controls');
    expect(within(controls).queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
    expect(within(controls).queryByRole('button', { name: 'Live' })).not.toBeInTheDocument();
  });

  it('names the reason and since when the camera is offline', async () => {
    await openCamera(makeCamera(3, { status: 'offline', offline_reason: 'authentication_failed', offline_since_ms: null }));
    expect(await screen.findByTestId('offline-reason')).toHaveTextContent(/^Authentication failed$/);
  });

  it('says so when an online camera has no video source (no live path in its channel)', async () => {
    await openCamera(makeCamera(5, { status: 'active' }));
    expect(await screen.findByText('No video source is configured for this camera.')).toBeInTheDocument();
    expect(FakeHls.instances).toHaveLength(0);
  });

  it('needs the live right for live video', async () => {
    await openCamera(makeCamera(4, { permissions: { write: false, export: false, historical: true, live: false } }));
    expect(
      await screen.findByText('You do not have the privileges to view video on this network.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('timeline-track')).toHaveAttribute('aria-disabled', 'false');
  });

  it('disables timeline seeking without the historical right', async () => {
    await openCamera(makeCamera(5, { permissions: { write: false, export: false, historical: false, live: true } }));
    const track = screen.getByTestId('timeline-track');
    expect(track).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(track, { clientX: 100 });
    expect(FakeHls.instances.every((hls) => !hls.url?.includes('/history/'))).toBe(true);
  });

  it('seeks to ?ts= (seconds) in history, then removes it from the address', async () => {
    const ts = Math.floor(Date.now() / 1000) - 3600;
    await openCamera(lobby, `?ts=${ts}&fullPage=true`);
    await waitFor(() => expect(FakeHls.latest()?.url).toContain('/n1/cameras/2/history/main/index.m3u8'));
    expect(FakeHls.latest().url).toContain(`start_ms=${ts * 1000 - 60_000}`);
    expect(FakeHls.latest().config.lowLatencyMode).toBe(false);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/n/${NETWORK_ID}/cameras/2?fullPage=true`));
  });

  it('maps history media time to the wall clock from EXT-X-PROGRAM-DATE-TIME and starts at the seek time', async () => {
    const ts = Math.floor(Date.now() / 1000) - 3600;
    await openCamera(lobby, `?ts=${ts}`);
    await waitFor(() => expect(FakeHls.latest()?.url).toContain('/history/'));
    const start = ts * 1000 - 60_000;
    const fragments = Array.from({ length: 90 }, (_, index) => ({ start: index * 2, duration: 2, programDateTime: start + index * 2000 }));
    act(() => FakeHls.latest().emit('hlsLevelLoaded', { details: { fragments } }));
    expect(video().currentTime).toBe(60);
    video().currentTime = 70;
    fireEvent(video(), new Event('timeupdate'));
    const expected = new Date(ts * 1000 + 10_000);
    await waitFor(() => expect(screen.getByTestId('player-time').textContent).toContain(String(expected.getUTCSeconds()).padStart(2, '0')));
  });

  it('explains a video gap with its real reason', async () => {
    server.use(camerasHandler([lobby]));
    const ts = Math.floor(Date.now() / 1000) - 7200;
    renderCameraArea(`/n/${NETWORK_ID}/cameras/2?ts=${ts}`);
    server.use(
      http.get(availabilityPath, () => json({ camera: [], cloud: [] })),
      http.get(/\/cameras\/2\/file_record/, () =>
        json({ video_status: 'no_video', ts_ms: ts * 1000, reason: 'outside_schedule', next_start_ms: null }),
      ),
    );
    expect(await screen.findByText('No video available')).toBeInTheDocument();
    const status = screen.getByTestId('video-status');
    expect(within(status).getByText("The time is outside the camera's recording schedule")).toBeInTheDocument();
    expect(within(status).queryByText("The video is older than the camera's retention period")).not.toBeInTheDocument();
  });

  it("says recent video is not available yet", async () => {
    server.use(camerasHandler([lobby]));
    const ts = Math.floor(Date.now() / 1000) - 30;
    renderCameraArea(`/n/${NETWORK_ID}/cameras/2?ts=${ts}`);
    server.use(
      http.get(availabilityPath, () => json({ camera: [], cloud: [] })),
      http.get(/\/cameras\/2\/file_record/, () => json({ video_status: 'no_video', ts_ms: ts * 1000, reason: 'not_yet_available' })),
    );
    expect(
      await screen.findByText('Recent video is not yet available for playback, try again later.'),
    ).toBeInTheDocument();
  });

  it('answers the keyboard shortcuts, but not while typing', async () => {
    const { user } = await openCamera();
    await screen.findByText('connecting to camera');
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    await user.keyboard('k');
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    await user.keyboard('3');
    expect(screen.getByRole('button', { name: 'Playback speed 4x' })).toBeInTheDocument();
    await user.keyboard('1');
    expect(screen.getByRole('button', { name: 'Playback speed 1x' })).toBeInTheDocument();

    await user.keyboard('j');
    await waitFor(() => expect(FakeHls.latest().url).toContain('/history/'));
    expect(screen.getByRole('button', { name: 'Live' })).toHaveAttribute('aria-pressed', 'false');

    const input = document.createElement('input');
    document.body.appendChild(input);
    await user.type(input, 'k2');
    input.remove();
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Playback speed 1x' })).toBeInTheDocument();
  });

  it('switches quality, speed, theater mode and goes back to Live', async () => {
    const { user } = await openCamera();
    await screen.findByText('connecting to camera');
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    expect(screen.getByRole('menuitem', { name: 'Auto' })).toHaveAttribute('data-checked', 'true');
    expect(screen.getByRole('menuitem', { name: 'Show detected objects' })).toBeEnabled();
    await user.click(screen.getByRole('menuitem', { name: '360p' }));
    await waitFor(() => expect(FakeHls.latest().url).toBe('/n1/cameras/2/live/sub/index.m3u8'));

    await user.click(screen.getByRole('button', { name: 'Back 10 seconds' }));
    await waitFor(() => expect(FakeHls.latest().url).toContain('/history/sub/'));
    await user.click(screen.getByRole('button', { name: 'Playback speed 1x' }));
    await user.click(screen.getByRole('menuitem', { name: '0.25x' }));
    expect(video().playbackRate).toBe(0.25);

    await user.click(screen.getByRole('button', { name: 'Live' }));
    await waitFor(() => expect(FakeHls.latest().url).toBe('/n1/cameras/2/live/sub/index.m3u8'));

    await user.click(screen.getByRole('button', { name: 'Theater mode' }));
    expect(screen.getByTestId('camera-viewer')).toHaveAttribute('data-theater', 'true');
    await user.keyboard('{Escape}');
    expect(screen.getByTestId('camera-viewer')).toHaveAttribute('data-theater', 'false');
  });

  it('offers Auto and the real heights of the live streams from their init segments, not the model config', async () => {
    const camera = makeCamera(7, { ...lobby, id: 7, config: { video_height: 2058 } });
    const { user } = await openCamera(camera, '', liveInitHandler('main', 1280, 720), liveInitHandler('sub', 640, 360));
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    await waitFor(() =>
      expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Auto', '720p', '360p', 'Show detected objects']),
    );
  });

  it('hides the controls after 5 s without mouse movement in theater mode', async () => {
    await openCamera();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Theater mode' }));
      act(() => vi.advanceTimersByTime(4900));
      expect(screen.getByTestId('player-controls')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(200));
      expect(screen.queryByTestId('player-controls')).not.toBeInTheDocument();
      fireEvent.mouseMove(screen.getByTestId('camera-viewer'));
      expect(screen.getByTestId('player-controls')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("reports 'screenshot-error' without a ready video", async () => {
    const { user } = await openCamera();
    await user.click(screen.getByRole('button', { name: 'Screenshot' }));
    expect(await screen.findByText('The screenshot could not be taken')).toBeInTheDocument();
  });

  it('zooms with the slider and the wheel, clamped to 1–8', async () => {
    await openCamera();
    const slider = screen.getByRole('slider', { name: 'Digital zoom' });
    expect(slider).toHaveAttribute('aria-valuenow', '1');
    const stage = screen.getByTestId('video-stage');
    fireEvent.wheel(stage, { deltaY: -100 });
    await waitFor(() => expect(slider).toHaveAttribute('aria-valuenow', '1.1'));
    for (let i = 0; i < 40; i += 1) fireEvent.wheel(stage, { deltaY: -100 });
    await waitFor(() => expect(slider).toHaveAttribute('aria-valuenow', '8'));
    fireEvent.mouseEnter(stage);
    expect(screen.getByTestId('zoom-minimap')).toBeInTheDocument();
  });
});
