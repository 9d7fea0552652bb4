import type { VideoWall } from './wallsApi';

/** The walls with at least one tile showing this channel (spec 02 §2 'Related walls'), in the server's order. */
export function wallsWithChannel(walls: readonly VideoWall[], channelId: number): VideoWall[] {
  return walls.filter((wall) => wall.tiles.some((tile) => tile.video_channel_id === channelId));
}

/** A wall's name, or the given placeholder ('Untitled wall') when it is empty. */
export function wallDisplayName(wall: Pick<VideoWall, 'name'>, untitled: string): string {
  return wall.name.trim() === '' ? untitled : wall.name;
}

/** Wall search matches the name as shown (an empty name is 'Untitled wall'), ignoring case (spec 01 §2, 02 §5). */
export function matchesWallSearch(wall: Pick<VideoWall, 'name'>, query: string, untitled: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  return needle === '' || wallDisplayName(wall, untitled).toLocaleLowerCase().includes(needle);
}

/** /n/{networkId}/video-walls/{wallId}. */
export function wallPath(networkId: number, wallId: number): string {
  return `/n/${networkId}/video-walls/${wallId}`;
}

/** /n/{networkId}/cameras/walls/{wallId}: the wall inside the camera area, beside the camera list ('new': a new wall). */
export function cameraAreaWallPath(networkId: number, wallId: number | 'new'): string {
  return `/n/${networkId}/cameras/walls/${wallId}`;
}
