import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useLayoutSize } from '../../cameras/test/layoutSize';
import { LIVE_OFFLINE_RETRY_MS } from '../constants';
import { FakeHls } from '../test/fakeHls';
import { FakeWebSocket } from '../test/fakeWebSocket';
import { openViewerCamera, useViewerTestKit } from '../test/viewerTestKit';
import { BASE_MS, sendFragments, sendInit, useWsLiveFakes } from '../test/wsLiveKit';

vi.mock('hls.js', async () => (await import('../test/fakeHls')).hlsModule);

const video = () => screen.getByTestId('camera-video') as HTMLVideoElement;

/** The camera page's live video over the WebSocket transport (player/WsMsePlayer), with fake WebSocket and MSE. */
describe('camera viewer, live over WebSocket', () => {
  useLayoutSize();
  useViewerTestKit();
  useWsLiveFakes();

  it('plays live over the WebSocket of the live stream and shows the wall time of the frame on screen', async () => {
    await openViewerCamera();
    expect(await screen.findByText('connecting to camera')).toBeInTheDocument();
    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe(`ws://${window.location.host}/n1/cameras/2/live/main/ws`);
    expect(video().dataset.transport).toBe('ws');
    const buffer = await sendInit(socket);
    await sendFragments(socket, buffer, 0, 10);
    fireEvent(video(), new Event('playing'));
    await waitFor(() => expect(screen.queryByTestId('video-status')).not.toBeInTheDocument());
    fireEvent(video(), new Event('timeupdate'));
    const shown = new Date(BASE_MS + Math.round(video().currentTime * 1000));
    await waitFor(() =>
      expect(screen.getByTestId('player-time').textContent).toContain(String(shown.getUTCSeconds()).padStart(2, '0')),
    );
    expect(FakeHls.instances).toHaveLength(0);
  });

  it('says why when the server says the camera stopped, in place of pause and Live, and tries again', async () => {
    await openViewerCamera();
    await screen.findByText('connecting to camera');
    act(() => FakeWebSocket.latest().sendText({ type: 'offline', reason: 'no_video', since_ms: null }));
    expect(await screen.findByTestId('offline-reason')).toHaveTextContent(/^No video in stream$/);
    expect(within(screen.getByTestId('player-controls')).queryByRole('button', { name: 'Live' })).not.toBeInTheDocument();
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2), { timeout: LIVE_OFFLINE_RETRY_MS + 2000 });
    expect(FakeWebSocket.instances[0].closedByClient).toBe(true);
    // The reason stays through the retry until media plays again.
    expect(screen.getByTestId('offline-reason')).toHaveTextContent(/^No video in stream$/);
  }, 10_000);

  it('uses LL-HLS with ?transport=hls', async () => {
    await openViewerCamera(undefined, '?transport=hls');
    await waitFor(() => expect(FakeHls.latest()?.url).toBe('/n1/cameras/2/live/main/index.m3u8'));
    expect(FakeWebSocket.instances).toHaveLength(0);
    expect(video().dataset.transport).toBe('hls');
  });

  it("shows the video error with ?transport=ws when the socket fails", async () => {
    await openViewerCamera(undefined, '?transport=ws');
    await screen.findByText('connecting to camera');
    act(() => FakeWebSocket.latest().drop());
    expect(await screen.findByText('An error has occurred during video playback')).toBeInTheDocument();
    expect(FakeHls.instances).toHaveLength(0);
  });
});
