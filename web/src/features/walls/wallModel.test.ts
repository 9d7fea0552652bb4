import { describe, expect, it } from 'vitest';
import { cameraAreaWallPath, wallDisplayName, wallPath, wallsWithChannel } from './wallModel';
import type { VideoWall, WallTile } from './wallsApi';

const tile = (id: number, channelId: number): WallTile =>
  ({ id, x: 0, y: 0, w: 7, h: 7, video_layout_id: 1, video_channel_id: channelId, imager_id: null, theta: null, phi: null, fov: null }) as WallTile;
const wall = (id: number, name: string, channels: number[]): VideoWall => ({
  id,
  name,
  network_id: 5,
  is_cross_network: false,
  tiles: channels.map((channel, index) => tile(id * 100 + index, channel)),
});

describe('wall model', () => {
  it('finds the walls that show a channel, in order', () => {
    const walls = [wall(1, 'A', [10, 20]), wall(2, 'B', [30]), wall(3, 'C', [20, 20]), wall(4, 'Empty', [])];
    expect(wallsWithChannel(walls, 20).map((w) => w.id)).toEqual([1, 3]);
    expect(wallsWithChannel(walls, 99)).toEqual([]);
  });

  it("shows an empty name as the placeholder and builds the wall's address", () => {
    expect(wallDisplayName({ name: '  ' }, 'Untitled wall')).toBe('Untitled wall');
    expect(wallDisplayName({ name: 'Docks' }, 'Untitled wall')).toBe('Docks');
    expect(wallPath(101, 7001)).toBe('/n/101/video-walls/7001');
    expect(cameraAreaWallPath(101, 7001)).toBe('/n/101/cameras/walls/7001');
  });
});
