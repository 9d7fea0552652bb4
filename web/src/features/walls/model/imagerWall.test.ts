import { describe, expect, it } from 'vitest';
import { makeCamera } from '../../cameras/test/fixtures';
import { EDITOR_COLUMNS } from './grid';
import { imagerTiles } from './imagerWall';

describe("the camera page's wall of a multi-imager camera", () => {
  it('has one tile per imager, 0 to 3 in a 2x2 grid of the 28 columns, all on the camera', () => {
    const camera = makeCamera(1008, { type: 'multi_imager', imager_count: 4 });
    const tiles = imagerTiles(camera);
    expect(tiles.map((tile) => tile.imager_id)).toEqual([0, 1, 2, 3]);
    expect(tiles.map(({ x, y, w, h }) => ({ x, y, w, h }))).toEqual([
      { x: 0, y: 0, w: 14, h: 14 },
      { x: 14, y: 0, w: 14, h: 14 },
      { x: 0, y: 14, w: 14, h: 14 },
      { x: 14, y: 14, w: 14, h: 14 },
    ]);
    expect(Math.max(...tiles.map((tile) => tile.x + tile.w))).toBe(EDITOR_COLUMNS);
    for (const tile of tiles) {
      expect(tile.camera).toBe(camera);
      expect(tile.video_channel_id).toBe(camera.channel.id);
      expect([tile.phi, tile.theta, tile.fov]).toEqual([null, null, null]);
    }
  });

  it('follows the wall templates for other imager counts (two side by side)', () => {
    const tiles = imagerTiles(makeCamera(1020, { imager_count: 2 }));
    expect(tiles.map(({ imager_id, x, y, w, h }) => ({ imager_id, x, y, w, h }))).toEqual([
      { imager_id: 0, x: 0, y: 0, w: 14, h: 14 },
      { imager_id: 1, x: 14, y: 0, w: 14, h: 14 },
    ]);
  });
});
