import type { DewarpView } from '../../dewarp';
import type { WallTile } from '../wallsApi';

/**
 * Which tile of a wall a tile is, across saves: a PUT gives every tile a new id (docs/design/walls.md "Writing
 * walls"), so the wall view keys its tiles (and the peeked tile, and a tile's session view) by place and channel. Two
 * tiles never share a cell, so the place alone is unique; the channel makes a tile whose camera changed a new one.
 */
export function tileKey(tile: Pick<WallTile, 'x' | 'y' | 'video_channel_id'>): string {
  return `${tile.x}:${tile.y}:${tile.video_channel_id}`;
}

/** The tile with this view saved on it: phi, theta and fov of the view, or all three null for the raw picture. */
export function withTileView<T extends Pick<WallTile, 'phi' | 'theta' | 'fov'>>(tile: T, view: DewarpView | null): T {
  return view
    ? { ...tile, phi: view.phi, theta: view.theta, fov: view.fov }
    : { ...tile, phi: null, theta: null, fov: null };
}

/** The wall's tiles with only the tile `tileId`'s view changed (what 'Save view on wall' sends). */
export function tilesWithView<T extends Pick<WallTile, 'id' | 'phi' | 'theta' | 'fov'>>(
  tiles: readonly T[],
  tileId: number,
  view: DewarpView | null,
): T[] {
  return tiles.map((tile) => (tile.id === tileId ? withTileView(tile, view) : tile));
}

const EPSILON = 1e-6;
const TWO_PI = 2 * Math.PI;

function sameAngle(a: number, b: number): boolean {
  const d = (((a - b) % TWO_PI) + TWO_PI) % TWO_PI;
  return Math.min(d, TWO_PI - d) <= EPSILON;
}

/** Same view (null: the raw picture): phi and fov equal, theta equal modulo a full turn. */
export function sameTileView(a: DewarpView | null, b: DewarpView | null): boolean {
  if (a === null || b === null) return a === b;
  return Math.abs(a.phi - b.phi) <= EPSILON && Math.abs(a.fov - b.fov) <= EPSILON && sameAngle(a.theta, b.theta);
}
