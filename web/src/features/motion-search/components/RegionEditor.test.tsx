import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Camera } from '../../../api/types';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { makeCamera } from '../../cameras/test/fixtures';
import { fullFrame, gridForCamera } from '../roi';
import { RegionEditor } from './RegionEditor';

const SNAPSHOT = '/n1/cameras/7/snapshot.jpg';

function renderEditor(camera: Camera) {
  const onChange = vi.fn();
  renderWithProviders(
    <RegionEditor camera={camera} roi={fullFrame(gridForCamera(camera))} heading="Region" label="Region of interest" onChange={onChange} />,
  );
  const area = screen.getByRole('img', { name: 'Region of interest' });
  return { area, onChange };
}

/** Lays the area out as `width`×`height` px at the page's origin (jsdom has no layout). */
function layOut(area: HTMLElement, width: number, height: number) {
  area.getBoundingClientRect = () =>
    ({ left: 0, top: 0, width, height, right: width, bottom: height, x: 0, y: 0, toJSON: () => ({}) }) as DOMRect;
}

function drag(area: HTMLElement, from: [number, number], to: [number, number]) {
  fireEvent.pointerDown(area, { clientX: from[0], clientY: from[1], button: 0, pointerId: 1 });
  fireEvent.pointerMove(area, { clientX: to[0], clientY: to[1], pointerId: 1 });
  fireEvent.pointerUp(area, { clientX: to[0], clientY: to[1], pointerId: 1 });
}

describe('region picture', () => {
  it.each([
    { name: 'fisheye', camera: { type: 'fisheye', config: { video_width: 2058, video_height: 2058 } }, aspect: '1.0000', grid: '60x60', size: [600, 600], roi: { x: 30, y: 40, w: 30, h: 20 } },
    { name: '4:3', camera: { config: { video_width: 1280, video_height: 960 } }, aspect: '1.3333', grid: '60x48', size: [600, 450], roi: { x: 30, y: 32, w: 30, h: 16 } },
    { name: '16:9', camera: { config: { video_width: 1920, video_height: 1080 } }, aspect: '1.7778', grid: '60x34', size: [640, 360], roi: { x: 30, y: 22, w: 30, h: 12 } },
  ])("a $name camera: the snapshot at the camera's aspect ratio on its grid; a drag maps to its cells", ({ camera, aspect, grid, size, roi }) => {
    const { area, onChange } = renderEditor(makeCamera(7, { ...camera, channel: { id: 1, snapshot_url: SNAPSHOT } }));
    expect(area).toHaveAttribute('data-aspect', aspect);
    expect(area).toHaveAttribute('data-grid', grid);
    expect(area.querySelector('img')).toHaveAttribute('src', SNAPSHOT);
    const [width, height] = size;
    layOut(area, width, height);
    // From the centre of the picture (plus a little) to 2/3 down and the right edge.
    drag(area, [width / 2 + 1, (height * 2) / 3 + 1], [width - 1, height - 1]);
    expect(onChange).toHaveBeenLastCalledWith(roi);
  });

  it("takes the snapshot's natural size when the camera's record has no resolution, 16:9 before it loads", () => {
    const { area } = renderEditor(makeCamera(7, { channel: { id: 1, snapshot_url: SNAPSHOT } }));
    expect(area).toHaveAttribute('data-aspect', '1.7778');
    const image = area.querySelector('img')!;
    Object.defineProperty(image, 'naturalWidth', { value: 1280 });
    Object.defineProperty(image, 'naturalHeight', { value: 1024 });
    fireEvent.load(image);
    expect(area).toHaveAttribute('data-aspect', '1.2500');
  });
});
