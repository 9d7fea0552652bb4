import { describe, expect, it } from 'vitest';
import type { VideoWall } from '../wallsApi';
import { matchesWallSearch } from '../wallModel';
import { sidebarWalls, wallTab } from './wallList';

const wall = (id: number, name: string, cross = false): VideoWall => ({
  id,
  name,
  network_id: 5,
  is_cross_network: cross,
  tiles: [],
});

describe('wall list of the sidebar', () => {
  const walls = [wall(1, 'Docks'), wall(2, ''), wall(3, 'Entrances', true), wall(4, 'front desk')];

  it('splits walls into single- and multi-network tabs', () => {
    expect(wallTab(walls[2])).toBe('multi');
    expect(sidebarWalls(walls, 'single', '', 'Untitled wall').map((w) => w.id)).toEqual([1, 2, 4]);
    expect(sidebarWalls(walls, 'multi', '', 'Untitled wall').map((w) => w.id)).toEqual([3]);
  });

  it('searches the shown name, ignoring case; an empty name is Untitled wall', () => {
    expect(sidebarWalls(walls, 'single', 'DOC', 'Untitled wall').map((w) => w.id)).toEqual([1]);
    expect(sidebarWalls(walls, 'single', 'untitled', 'Untitled wall').map((w) => w.id)).toEqual([2]);
    expect(matchesWallSearch(walls[3], '  ', 'Untitled wall')).toBe(true);
  });
});
