/** Numbers of the wall view (spec 02 §9). */

/** Stored tiles are in cells of the editor's 28-column grid (docs/design/walls.md); cells are drawn 16:9. */
export { EDITOR_COLUMNS as WALL_GRID_COLUMNS } from '../model/grid';
export { CELL_ASPECT as WALL_CELL_ASPECT } from '../model/templates';
/** The hover overlay (camera name, peek) shows after the pointer rests this long on a tile. */
export const TILE_OVERLAY_HOVER_DELAY_MS = 500;
/** The peeked tile grows over the grid in this time. */
export const PEEK_ANIMATION_MS = 300;
/** An offline live stream is tried again after this long (as the camera page does). */
export const TILE_OFFLINE_RETRY_MS = 3_000;
/** The toasts of 'Save view on wall' stay this long (spec 02 §9, as the editor's). */
export const TILE_VIEW_TOAST_MS = 6_000;
