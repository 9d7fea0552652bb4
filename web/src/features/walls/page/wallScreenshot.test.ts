import { describe, expect, it } from 'vitest';
import type { Camera } from '../../../api/types';
import { containRect, planWallScreenshot, type ShotTileInput, tileRect, wallScreenshotSize } from './wallScreenshot';
import { tilePicture } from './wallScreenshotCapture';

const visible = (networkId = 5): Pick<Camera, 'network_id' | 'permissions'> => ({
  network_id: networkId,
  permissions: { live: true, historical: true, export: true, write: false },
});
const HIDDEN: Pick<Camera, 'network_id' | 'permissions'> = {
  network_id: 5,
  permissions: { live: false, historical: false, export: false, write: false },
};
const HD = { width: 1920, height: 1080 };

function input(id: number, cells: { x: number; y: number; w: number; h: number }, over: Partial<ShotTileInput> = {}): ShotTileInput {
  return { tile: { id, video_channel_id: id * 10, ...cells }, camera: visible(), state: 'live', picture: HD, ...over };
}

describe('wall screenshot size and tile rects', () => {
  it('is the grid width capped at 1920 px (the cap when unknown), with 16:9 cells', () => {
    const tiles = [{ x: 0, y: 0, w: 14, h: 14 }];
    // 28 columns x 14 rows of 16:9 cells: 28 * 16/9 / 14 = 32:9.
    expect(wallScreenshotSize(tiles)).toEqual({ width: 1920, height: 540 });
    expect(wallScreenshotSize(tiles, 3840)).toEqual({ width: 1920, height: 540 });
    expect(wallScreenshotSize(tiles, 1280)).toEqual({ width: 1280, height: 360 });
    expect(wallScreenshotSize([{ x: 0, y: 0, w: 7, h: 21 }])).toEqual({ width: 1920, height: 810 });
  });

  it('places the tiles of a 2 + 1 layout at their cells, neighbours sharing edges', () => {
    const size = { width: 1920, height: 810 };
    // 21 rows: a 14x14 tile top left, two 7x7 on its right, one 7x7 under it.
    expect(tileRect({ x: 0, y: 0, w: 14, h: 14 }, size, 21)).toEqual({ x: 0, y: 0, width: 960, height: 540 });
    expect(tileRect({ x: 14, y: 0, w: 7, h: 7 }, size, 21)).toEqual({ x: 960, y: 0, width: 480, height: 270 });
    expect(tileRect({ x: 21, y: 7, w: 7, h: 7 }, size, 21)).toEqual({ x: 1440, y: 270, width: 480, height: 270 });
    expect(tileRect({ x: 0, y: 14, w: 7, h: 7 }, size, 21)).toEqual({ x: 0, y: 540, width: 480, height: 270 });
    // Uneven cells: edges rounded, so the right edge of one is the left edge of the next.
    const a = tileRect({ x: 0, y: 0, w: 5, h: 5 }, { width: 1000, height: 100 }, 5);
    const b = tileRect({ x: 5, y: 0, w: 5, h: 5 }, { width: 1000, height: 100 }, 5);
    expect(a.x + a.width).toBe(b.x);
    // Out of the grid: clamped as on screen.
    expect(tileRect({ x: 30, y: -1, w: 7, h: 7 }, size, 21)).toEqual({ x: 1851, y: 0, width: 69, height: 270 });
  });

  it('contains a picture in its tile, centred', () => {
    expect(containRect({ width: 640, height: 480 }, { x: 960, y: 0, width: 480, height: 270 })).toEqual({
      x: 1020,
      y: 0,
      width: 360,
      height: 270,
    });
    expect(containRect({ width: 1000, height: 1000 }, { x: 0, y: 0, width: 480, height: 270 })).toEqual({
      x: 105,
      y: 0,
      width: 270,
      height: 270,
    });
    expect(containRect(HD, { x: 0, y: 0, width: 480, height: 270 })).toEqual({ x: 0, y: 0, width: 480, height: 270 });
  });
});

describe('wall screenshot plan', () => {
  it('draws live tiles with a picture; hidden, offline, pictureless and unseen tiles stay black', () => {
    const plan = planWallScreenshot([
      input(1, { x: 0, y: 0, w: 14, h: 14 }),
      input(2, { x: 14, y: 0, w: 7, h: 7 }, { state: 'offline' }),
      input(3, { x: 21, y: 0, w: 7, h: 7 }, { camera: HIDDEN }),
      // The DOM says live but the wall hides the camera: never drawn.
      input(4, { x: 14, y: 7, w: 7, h: 7 }, { camera: null }),
      input(5, { x: 21, y: 7, w: 7, h: 7 }, { picture: null }),
      input(6, { x: 0, y: 14, w: 7, h: 7 }, { state: 'no-permission' }),
      input(7, { x: 7, y: 14, w: 7, h: 7 }, { state: null }),
    ]);
    expect(plan.width).toBe(1920);
    expect(plan.height).toBe(810);
    expect(plan.tiles.map((tile) => [tile.tileId, tile.draw !== null])).toEqual([
      [1, true],
      [2, false],
      [3, false],
      [4, false],
      [5, false],
      [6, false],
      [7, false],
    ]);
    expect(plan.tiles[0].draw).toEqual({ x: 0, y: 0, width: 960, height: 540 });
    expect(plan.tiles[1].rect).toEqual({ x: 960, y: 0, width: 480, height: 270 });
    expect(plan.logs).toEqual([{ networkId: 5, channelIds: [10] }]);
  });

  it("logs each drawn channel once, under its own camera's network", () => {
    const plan = planWallScreenshot([
      input(1, { x: 0, y: 0, w: 7, h: 7 }),
      input(2, { x: 7, y: 0, w: 7, h: 7 }, { camera: visible(6) }),
      { ...input(3, { x: 14, y: 0, w: 7, h: 7 }), tile: { id: 3, video_channel_id: 10, x: 14, y: 0, w: 7, h: 7 } },
      input(4, { x: 21, y: 0, w: 7, h: 7 }, { state: 'offline' }),
    ]);
    expect(plan.logs).toEqual([
      { networkId: 5, channelIds: [10] },
      { networkId: 6, channelIds: [20] },
    ]);
  });

  it('draws nothing and logs nothing when no tile has a picture', () => {
    const plan = planWallScreenshot([input(1, { x: 0, y: 0, w: 7, h: 7 }, { picture: null })]);
    expect(plan.tiles.every((tile) => tile.draw === null)).toBe(true);
    expect(plan.logs).toEqual([]);
  });
});

describe("a tile's picture in the DOM", () => {
  function tile(status: string, frame: boolean, dewarp?: { support: string; width: number; height: number }) {
    const element = document.createElement('div');
    const video = document.createElement('video');
    video.setAttribute('data-testid', 'wall-tile-video');
    video.dataset.status = status;
    Object.defineProperty(video, 'readyState', { value: frame ? 4 : 0 });
    Object.defineProperty(video, 'videoWidth', { value: frame ? 1280 : 0 });
    Object.defineProperty(video, 'videoHeight', { value: frame ? 720 : 0 });
    element.appendChild(video);
    let canvas: HTMLCanvasElement | null = null;
    if (dewarp) {
      const view = document.createElement('div');
      view.setAttribute('data-testid', 'dewarp-view');
      view.setAttribute('data-dewarp-support', dewarp.support);
      canvas = document.createElement('canvas');
      canvas.setAttribute('data-testid', 'dewarp-canvas');
      canvas.width = dewarp.width;
      canvas.height = dewarp.height;
      view.appendChild(canvas);
      element.appendChild(view);
    }
    return { element, video, canvas };
  }

  it('is the video frame of a playing tile, nothing while loading, offline or without a frame', () => {
    const playing = tile('playing', true);
    expect(tilePicture(playing.element)).toEqual({ source: playing.video, size: { width: 1280, height: 720 } });
    expect(tilePicture(tile('loading', true).element)).toBeNull();
    expect(tilePicture(tile('offline', true).element)).toBeNull();
    expect(tilePicture(tile('playing', false).element)).toBeNull();
    expect(tilePicture(document.createElement('div'))).toBeNull();
  });

  it('is the dewarp canvas when the fisheye view is drawn, the video without WebGL, nothing while it starts', () => {
    const dewarped = tile('playing', true, { support: 'webgl', width: 800, height: 450 });
    expect(tilePicture(dewarped.element)).toEqual({ source: dewarped.canvas, size: { width: 800, height: 450 } });
    const raw = tile('playing', true, { support: 'unavailable', width: 800, height: 450 });
    expect(tilePicture(raw.element)?.source).toBe(raw.video);
    expect(tilePicture(tile('playing', true, { support: 'pending', width: 800, height: 450 }).element)).toBeNull();
    expect(tilePicture(tile('playing', true, { support: 'webgl', width: 0, height: 0 }).element)).toBeNull();
  });
});
