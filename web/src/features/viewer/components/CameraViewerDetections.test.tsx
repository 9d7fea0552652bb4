import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLayoutSize } from '../../cameras/test/layoutSize';
import { bucketOf } from '../detections/DetectionStore';
import { recordCanvas2d } from '../test/fakeCanvas2d';
import { detection, FakeCometd } from '../test/fakeCometd';
import { FakeHls } from '../test/fakeHls';
import { lobbyCamera, openViewerCamera, useViewerTestKit } from '../test/viewerTestKit';

vi.mock('hls.js', async () => (await import('../test/fakeHls')).hlsModule);

/** Opens the settings menu and picks its detected-objects item. */
async function chooseInSettings(user: UserEvent, name: string) {
  await user.click(screen.getByRole('button', { name: 'Settings' }));
  await user.click(await screen.findByRole('menuitem', { name }));
}

describe('camera viewer: detected objects', () => {
  useLayoutSize();
  useViewerTestKit();
  let cometd: FakeCometd;
  let canvas2d: ReturnType<typeof recordCanvas2d>;
  const ts = Math.floor(Date.now() / 1000) - 3600;
  const saved = (['videoWidth', 'videoHeight'] as const).map((name) => ({
    name,
    descriptor: Object.getOwnPropertyDescriptor(HTMLVideoElement.prototype, name),
  }));

  beforeEach(() => {
    canvas2d = recordCanvas2d();
    cometd = new FakeCometd();
    cometd.detections = () => [detection(ts * 1000, 1, { x0: 0, y0: 0, x1: 128, y1: 128 })];
    // jsdom plays nothing: every video shows a 1920×1080 picture.
    Object.defineProperty(HTMLVideoElement.prototype, 'videoWidth', { configurable: true, get: () => 1920 });
    Object.defineProperty(HTMLVideoElement.prototype, 'videoHeight', { configurable: true, get: () => 1080 });
  });

  afterEach(() => {
    for (const { name, descriptor } of saved) {
      if (descriptor) Object.defineProperty(HTMLVideoElement.prototype, name, descriptor);
    }
  });

  it('offers the toggle in the settings menu by keyboard, says what it does and remembers it', async () => {
    const { user } = await openViewerCamera(lobbyCamera, '', cometd.handler);
    screen.getByRole('button', { name: 'Settings' }).focus();
    await user.keyboard('{Enter}');
    const toggle = await screen.findByRole('menuitem', { name: 'Show detected objects' });
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(JSON.parse(window.localStorage.getItem('mki-preferences') ?? '{}')).toMatchObject({ showDetectedObjects: true });

    await user.click(screen.getByRole('button', { name: 'Settings' }));
    expect(await screen.findByRole('menuitem', { name: 'Hide detected objects' })).toBeInTheDocument();
    // Live: nothing is asked for or drawn.
    expect(screen.queryByTestId('detections-overlay')).not.toBeInTheDocument();
    expect(cometd.bodies).toEqual([]);
  });

  it('draws the detections over recorded video, and clears them when the viewer goes live', async () => {
    const { user } = await openViewerCamera(lobbyCamera, `?ts=${ts}`, cometd.handler);
    await waitFor(() => expect(FakeHls.latest()?.url).toContain('/history/'));
    expect(screen.queryByTestId('detections-overlay')).not.toBeInTheDocument();

    await chooseInSettings(user, 'Show detected objects');
    const overlay = await screen.findByTestId('detections-overlay');
    await waitFor(() => expect(overlay).toHaveAttribute('data-boxes', '1'));
    const bucket = bucketOf(ts * 1000);
    expect(cometd.requests).toEqual([
      expect.objectContaining({ node_id: 2, start_ts: bucket - 5000, end_ts: bucket + 30_000 }),
    ]);
    expect(canvas2d.latest(overlay).texts).toEqual(['Person 90 %']);

    await user.click(screen.getByRole('button', { name: 'Live' }));
    await waitFor(() => expect(FakeHls.latest().url).toContain('/live/'));
    expect(screen.queryByTestId('detections-overlay')).not.toBeInTheDocument();
    await waitFor(() => expect(cometd.messages('/meta/disconnect')).toHaveLength(1));
  });

  it('removes the boxes when the toggle is turned off', async () => {
    const { user } = await openViewerCamera(lobbyCamera, `?ts=${ts}`, cometd.handler);
    await waitFor(() => expect(FakeHls.latest()?.url).toContain('/history/'));
    await chooseInSettings(user, 'Show detected objects');
    await screen.findByTestId('detections-overlay');

    await chooseInSettings(user, 'Hide detected objects');
    expect(screen.queryByTestId('detections-overlay')).not.toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('mki-preferences') ?? '{}')).toMatchObject({ showDetectedObjects: false });
  });
});
