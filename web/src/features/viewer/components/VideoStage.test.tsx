import { fireEvent, screen } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { useLayoutSize } from '../../cameras/test/layoutSize';
import { useDigitalZoom } from '../hooks/useDigitalZoom';
import { VideoStage } from './VideoStage';

/** VideoStage driven by the real useDigitalZoom, with a button for the slider's setScale. */
function ZoomableStage() {
  const areaRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const zoom = useDigitalZoom(areaRef);
  return (
    <>
      <VideoStage areaRef={areaRef} videoRef={videoRef} zoom={zoom} overlay={null} />
      <button type="button" onClick={() => zoom.setScale(2)}>
        zoom 2x
      </button>
    </>
  );
}

const WIDTH = 640;
const HEIGHT = 360;

function renderStage() {
  const rendered = renderWithProviders(<ZoomableStage />);
  return { ...rendered, stage: screen.getByTestId('video-stage') };
}

/** The video's `translate(x, y) scale(s)` as numbers. */
function transform() {
  const style = (screen.getByTestId('camera-video') as HTMLVideoElement).style.transform;
  const match = /translate\((-?[\d.]+)px, (-?[\d.]+)px\) scale\(([\d.]+)\)/.exec(style);
  if (!match) throw new Error(`unexpected transform ${style}`);
  return { x: Number(match[1]), y: Number(match[2]), scale: Number(match[3]) };
}

const touch = (pointerId: number, clientX: number, clientY: number) => ({ pointerId, clientX, clientY, pointerType: 'touch' });

describe('video stage zoom gestures', () => {
  useLayoutSize(WIDTH, HEIGHT);

  it('pinches with two touch pointers around their midpoint, and pinching in goes back to 1x', () => {
    const { stage } = renderStage();
    fireEvent.pointerDown(stage, touch(1, 100, 100));
    fireEvent.pointerDown(stage, touch(2, 200, 100));
    // Finger distance 100 → 200: ratio 2, amplified by the pinch factor 1.5 → 2.5x, midpoint (200, 100) stays put.
    fireEvent.pointerMove(stage, touch(2, 300, 100));
    expect(transform()).toEqual({ x: 200 - 200 * 2.5, y: 100 - 100 * 2.5, scale: 2.5 });
    expect(stage.style.cursor).toBe('grab');

    fireEvent.pointerMove(stage, touch(2, 150, 100));
    expect(transform()).toEqual({ x: 0, y: 0, scale: 1 });
    fireEvent.pointerUp(stage, touch(2, 150, 100));
    fireEvent.pointerUp(stage, touch(1, 100, 100));
  });

  it('never pinches beyond 8x and keeps the frame covering the area', () => {
    const { stage } = renderStage();
    fireEvent.pointerDown(stage, touch(1, 10, 10));
    fireEvent.pointerDown(stage, touch(2, 20, 10));
    fireEvent.pointerMove(stage, touch(2, 630, 350));
    const { x, y, scale } = transform();
    expect(scale).toBe(8);
    expect(x).toBeLessThanOrEqual(0);
    expect(x).toBeGreaterThanOrEqual(WIDTH - 8 * WIDTH);
    expect(y).toBeLessThanOrEqual(0);
    expect(y).toBeGreaterThanOrEqual(HEIGHT - 8 * HEIGHT);
  });

  it('drags to pan only when zoomed, clamped to the frame edges', async () => {
    const { stage, user } = renderStage();
    fireEvent.pointerDown(stage, touch(1, 300, 200));
    fireEvent.pointerMove(stage, touch(1, 250, 150));
    fireEvent.pointerUp(stage, touch(1, 250, 150));
    expect(transform()).toEqual({ x: 0, y: 0, scale: 1 });

    await user.click(screen.getByRole('button', { name: 'zoom 2x' }));
    // 2x around the centre: translate(-320, -180).
    expect(transform()).toEqual({ x: -320, y: -180, scale: 2 });
    const mouse = { pointerId: 7, pointerType: 'mouse' };
    fireEvent.pointerDown(stage, { ...mouse, clientX: 300, clientY: 200 });
    fireEvent.pointerMove(stage, { ...mouse, clientX: 250, clientY: 150 });
    expect(transform()).toEqual({ x: -370, y: -230, scale: 2 });
    fireEvent.pointerMove(stage, { ...mouse, clientX: 1250, clientY: 1150 });
    expect(transform()).toEqual({ x: 0, y: 0, scale: 2 });
    fireEvent.pointerMove(stage, { ...mouse, clientX: -5000, clientY: -5000 });
    expect(transform()).toEqual({ x: WIDTH - 2 * WIDTH, y: HEIGHT - 2 * HEIGHT, scale: 2 });
    fireEvent.pointerUp(stage, mouse);
    fireEvent.pointerMove(stage, { ...mouse, clientX: 0, clientY: 0 });
    expect(transform()).toEqual({ x: -640, y: -360, scale: 2 }); // hovering after release does not pan
  });

  it('forgets a cancelled touch, so the next one-finger drag pans instead of pinching', async () => {
    const { stage, user } = renderStage();
    fireEvent.pointerDown(stage, touch(1, 100, 100));
    fireEvent.pointerCancel(stage, touch(1, 100, 100));
    await user.click(screen.getByRole('button', { name: 'zoom 2x' }));
    fireEvent.pointerDown(stage, touch(2, 300, 200));
    fireEvent.pointerMove(stage, touch(2, 250, 150));
    expect(transform()).toEqual({ x: -370, y: -230, scale: 2 });
  });

  it('zooms with the wheel without scrolling the page, but lets the page scroll at a zoom limit', () => {
    const { stage } = renderStage();
    const zoomOutAtOne = fireEvent.wheel(stage, { deltaY: 100, clientX: 320, clientY: 180 });
    expect(zoomOutAtOne).toBe(true); // not prevented: nothing to zoom out
    const zoomIn = fireEvent.wheel(stage, { deltaY: -100, clientX: 320, clientY: 180 });
    expect(zoomIn).toBe(false); // prevented: the wheel zoomed
    expect(transform().scale).toBe(1.1);
  });
});
