import { matchesWallSearch } from '../wallModel';
import type { VideoWall } from '../wallsApi';

/** The sidebar's tabs: walls of one network, and cross-network walls (multi-network, beta). */
export type WallTab = 'single' | 'multi';

export function wallTab(wall: Pick<VideoWall, 'is_cross_network'>): WallTab {
  return wall.is_cross_network ? 'multi' : 'single';
}

/** The walls of one tab that match the search, in the list's order. */
export function sidebarWalls(walls: readonly VideoWall[], tab: WallTab, query: string, untitled: string): VideoWall[] {
  return walls.filter((wall) => wallTab(wall) === tab && matchesWallSearch(wall, query, untitled));
}
