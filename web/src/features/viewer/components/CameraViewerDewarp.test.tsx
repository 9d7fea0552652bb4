import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Camera } from '../../../api/types';
import { makeCamera } from '../../cameras/test/fixtures';
import { useLayoutSize } from '../../cameras/test/layoutSize';
import { FakeHls } from '../test/fakeHls';
import { lobbyCamera, openViewerCamera, useViewerTestKit } from '../test/viewerTestKit';

vi.mock('hls.js', async () => (await import('../test/fakeHls')).hlsModule);

// jsdom has no WebGL. `gl.available` true: a renderer that draws nothing, so the dewarped view takes wheel, keys
// and pinch as in a browser; false: the real fallback (the raw video with a 'Dewarp unavailable' badge).
const gl = vi.hoisted(() => ({ available: true }));
vi.mock('../../dewarp/dewarpRenderer', () => ({
  webglContext: () => (gl.available ? {} : null),
  videoHasFrame: () => false,
  DewarpRenderer: class {
    setCircle() {}
    setTexCoords() {}
    draw() {}
    uploadFrame() {
      return false;
    }
    dispose() {}
  },
}));

const fisheye = (id: number, name: string, mountVertical: boolean): Camera =>
  makeCamera(id, {
    ...lobbyCamera,
    id,
    name,
    type: 'fisheye',
    model: 'MV32',
    config: { ...lobbyCamera.config, mount_vertical: mountVertical },
  });
const lobbyEntrance = fisheye(1001, 'Lobby Entrance', false);
const dockWall = fisheye(1013, 'Dock Wall Fisheye', true);

const dewarpButton = () => screen.getByRole('button', { name: 'Dewarp' });
const exitButton = () => screen.getByRole('button', { name: 'Exit dewarp' });
const dewarpView = () => screen.queryByTestId('dewarp-view');
const zoomSlider = () => screen.getByRole('slider', { name: 'Digital zoom' });
/** The `<video>`'s digital zoom scale. */
const videoScale = () => {
  const match = /scale\(([\d.]+)\)/.exec((screen.getByTestId('camera-video') as HTMLVideoElement).style.transform);
  return Number(match?.[1]);
};

describe('camera viewer dewarp', () => {
  useLayoutSize(1280, 720);
  useViewerTestKit();
  beforeEach(() => {
    gl.available = true;
  });

  it('offers no dewarp for a camera that is not a fisheye', async () => {
    await openViewerCamera(lobbyCamera);
    await screen.findByRole('button', { name: 'Screenshot' });
    expect(screen.queryByRole('button', { name: 'Dewarp' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Choose the dewarped view' })).not.toBeInTheDocument();
    expect(dewarpView()).not.toBeInTheDocument();
  });

  it('toggles a ceiling fisheye dewarped at the default view over the still playing video, and back', async () => {
    const { user } = await openViewerCamera(lobbyEntrance);
    await user.click(dewarpButton());
    const view = await screen.findByTestId('dewarp-view');
    expect(view).toHaveAttribute('data-phi', (0.75 * Math.PI).toFixed(4));
    expect(view).toHaveAttribute('data-theta', '0.0000');
    expect(view).toHaveAttribute('data-fov', '60.00');
    // Interactive once the (stand-in) renderer is up, an effect after the first render.
    expect(await screen.findByRole('application', { name: /Dewarped view of Lobby Entrance/ })).toBe(view);
    // The video stays (screenshot, stall watch and timeline read it); the player is still there.
    expect(within(screen.getByTestId('video-stage')).getByTestId('camera-video')).toBeInTheDocument();
    expect(FakeHls.instances.length).toBeGreaterThan(0);
    expect(exitButton()).toBeInTheDocument();

    await user.click(exitButton());
    expect(dewarpView()).not.toBeInTheDocument();
    expect(dewarpButton()).toBeInTheDocument();
  });

  it('starts a wall-mounted fisheye at the horizon', async () => {
    const { user } = await openViewerCamera(dockWall);
    await user.click(dewarpButton());
    expect(await screen.findByTestId('dewarp-view')).toHaveAttribute('data-phi', (Math.PI / 2).toFixed(4));
  });

  it('turns the digital zoom off while dewarped: back to 1x, slider disabled, the wheel zooms the dewarped view only', async () => {
    const { user } = await openViewerCamera(lobbyEntrance);
    const stage = screen.getByTestId('video-stage');
    fireEvent.wheel(stage, { deltaY: -100, clientX: 100, clientY: 100 });
    expect(videoScale()).toBeGreaterThan(1);

    await user.click(dewarpButton());
    await waitFor(() => expect(videoScale()).toBe(1));
    expect(zoomSlider()).toHaveAttribute('aria-disabled', 'true');
    const view = await screen.findByRole('application', { name: /Dewarped view of/ });
    fireEvent.wheel(view, { deltaY: -100, clientX: 100, clientY: 100 });
    fireEvent.wheel(stage, { deltaY: -100, clientX: 100, clientY: 100 });
    expect(Number(view.dataset.fov)).toBeLessThan(60);
    expect(videoScale()).toBe(1);
    // A drag on the dewarped view aims it; it does not pan the (unzoomed) video.
    fireEvent.pointerDown(view, { pointerId: 1, button: 0, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(view, { pointerId: 1, clientX: 140, clientY: 100 });
    fireEvent.pointerUp(view, { pointerId: 1, clientX: 140, clientY: 100 });
    expect(view.dataset.theta).not.toBe('0.0000');
    expect(screen.getByTestId('camera-video').style.transform).toBe('translate(0px, 0px) scale(1)');

    await user.click(exitButton());
    expect(zoomSlider()).toHaveAttribute('aria-disabled', 'false');
    fireEvent.wheel(stage, { deltaY: -100, clientX: 100, clientY: 100 });
    expect(videoScale()).toBeGreaterThan(1);
  });

  it('leaves dewarp when zoomed out past the widest view (85°), and comes back at the default view', async () => {
    const { user } = await openViewerCamera(lobbyEntrance);
    await user.click(dewarpButton());
    const view = await screen.findByTestId('dewarp-view');
    // 60 → 66 → 72.6 → 79.86 → 85: still dewarped; one more notch out leaves.
    for (let notch = 0; notch < 4; notch++) fireEvent.wheel(view, { deltaY: 100 });
    expect(view).toHaveAttribute('data-fov', '85.00');
    expect(dewarpView()).toBe(view);
    fireEvent.wheel(view, { deltaY: 100 });
    await waitFor(() => expect(dewarpView()).not.toBeInTheDocument());
    expect(dewarpButton()).toBeInTheDocument();
    expect(zoomSlider()).toHaveAttribute('aria-disabled', 'false');

    // From the keyboard: the toggle (a button), '-' on the focused view until it leaves; focus returns to the toggle.
    dewarpButton().focus();
    await user.keyboard('{Enter}');
    const again = await screen.findByTestId('dewarp-view');
    expect(again).toHaveAttribute('data-fov', '60.00');
    again.focus();
    for (let press = 0; press < 5; press++) await user.keyboard('-');
    await waitFor(() => expect(dewarpView()).not.toBeInTheDocument());
    expect(dewarpButton()).toHaveFocus();
  });

  it('picks a preset from the view selector; the full view is the raw picture', async () => {
    const { user } = await openViewerCamera(lobbyEntrance);
    await user.click(screen.getByRole('button', { name: 'Choose the dewarped view' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/while you stay on this camera page/)).toBeInTheDocument();
    await user.click(within(dialog).getByTestId('dewarp-preset-ceiling-90'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const view = await screen.findByTestId('dewarp-view');
    expect(view).toHaveAttribute('data-theta', (Math.PI / 2).toFixed(4));
    expect(view).toHaveAttribute('data-phi', (0.75 * Math.PI).toFixed(4));

    await user.click(screen.getByRole('button', { name: 'Choose the dewarped view' }));
    await user.click(within(await screen.findByRole('dialog')).getByTestId('dewarp-preset-ceiling-full'));
    await waitFor(() => expect(dewarpView()).not.toBeInTheDocument());
    expect(dewarpButton()).toBeInTheDocument();
  });

  it('dewarps in history too', async () => {
    const ts = Math.floor(Date.now() / 1000) - 3600;
    const { user } = await openViewerCamera(lobbyEntrance, `?ts=${ts}`);
    await waitFor(() => expect(FakeHls.latest()?.url).toContain('/history/'));
    await user.click(dewarpButton());
    expect(await screen.findByTestId('dewarp-view')).toBeInTheDocument();
    expect(FakeHls.latest().url).toContain('/history/');
  });

  it('without WebGL shows the raw video with a badge, and can still be left', async () => {
    gl.available = false;
    const { user } = await openViewerCamera(lobbyEntrance);
    await user.click(dewarpButton());
    expect(await screen.findByText('Dewarp unavailable')).toBeInTheDocument();
    expect(screen.getByTestId('dewarp-view')).toHaveAttribute('data-dewarp-support', 'unavailable');
    await user.click(exitButton());
    expect(dewarpView()).not.toBeInTheDocument();
  });
});
