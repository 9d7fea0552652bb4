import { wallDisplayName } from '../wallModel';
import type { VideoWall } from '../wallsApi';

/** The sidebar's tabs: walls of one network, and cross-network walls (multi-network, beta). */
export type WallTab = 'single' | 'multi';

export function wallTab(wall: Pick<VideoWall, 'is_cross_network'>): WallTab {
  return wall.is_cross_network ? 'multi' : 'single';
}

/** Wall search matches the name as shown (an empty name is 'Untitled wall'), ignoring case (spec 02 §5). */
export function matchesWallSearch(wall: Pick<VideoWall, 'name'>, query: string, untitled: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  return needle === '' || wallDisplayName(wall, untitled).toLocaleLowerCase().includes(needle);
}

/** The walls of one tab that match the search, in the list's order. */
export function sidebarWalls(walls: readonly VideoWall[], tab: WallTab, query: string, untitled: string): VideoWall[] {
  return walls.filter((wall) => wallTab(wall) === tab && matchesWallSearch(wall, query, untitled));
}
