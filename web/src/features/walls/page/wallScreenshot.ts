/**
 * The wall screenshot's composition (spec 02 §4, §7, §9), without the DOM: the output size, each tile's rectangle in
 * output pixels, the picture's place in it (object-fit contain), which tiles are drawn and which channels are logged
 * under which network.
 */
import type { Camera } from '../../../api/types';
import { WALL_CELL_ASPECT, WALL_GRID_COLUMNS } from '../tile/constants';
import { gridRowCount } from '../tile/gridPlacement';

/** The composed picture is at most this wide (the grid's size on screen in device pixels, else this). */
export const WALL_SCREENSHOT_MAX_WIDTH = 1920;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

type Cells = { x: number; y: number; w: number; h: number };

/** One tile as the screenshot sees it. */
export interface ShotTileInput {
  tile: Cells & { id: number; video_channel_id: number };
  /** The tile's camera as the wall lists it (null/undefined: a camera the user may not see). */
  camera: Pick<Camera, 'network_id' | 'permissions'> | null | undefined;
  /** The tile's state on screen (`data-state` of the tile: 'live', 'offline', 'no-permission'), null when not found. */
  state: string | null;
  /** The size of the picture the tile shows now (video frame or dewarp canvas), null without one. */
  picture: Size | null;
}

export interface PlannedTile {
  tileId: number;
  /** The tile's cells in output pixels (black unless drawn). */
  rect: Rect;
  /** Where the picture goes (contained in `rect`, centred), null when the tile stays black. */
  draw: Rect | null;
}

export interface WallScreenshotPlan extends Size {
  tiles: PlannedTile[];
  /** The channels in the picture grouped by their camera's network, in tile order, each channel once. */
  logs: { networkId: number; channelIds: number[] }[];
}

/** The output size: the grid's width (capped, the whole cap when unknown) and the height of its 16:9 cells. */
export function wallScreenshotSize(tiles: readonly Cells[], gridWidthPx = 0, maxWidth = WALL_SCREENSHOT_MAX_WIDTH): Size {
  const width = Math.max(1, Math.round(gridWidthPx > 0 ? Math.min(gridWidthPx, maxWidth) : maxWidth));
  const rows = gridRowCount(tiles);
  return { width, height: Math.max(1, Math.round((width * rows) / (WALL_GRID_COLUMNS * WALL_CELL_ASPECT))) };
}

/**
 * A tile's cells in output pixels. Edges are rounded (not sizes), so neighbouring tiles share an edge; cells are
 * clamped into the grid as on screen (`tileGridArea`).
 */
export function tileRect(tile: Cells, size: Size, rows: number): Rect {
  const x = Math.max(0, Math.min(tile.x, WALL_GRID_COLUMNS - 1));
  const w = Math.max(1, Math.min(tile.w, WALL_GRID_COLUMNS - x));
  const y = Math.max(0, tile.y);
  const h = Math.max(1, tile.h);
  const left = Math.round((x * size.width) / WALL_GRID_COLUMNS);
  const right = Math.round(((x + w) * size.width) / WALL_GRID_COLUMNS);
  const top = Math.round((y * size.height) / rows);
  const bottom = Math.round(((y + h) * size.height) / rows);
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** The picture scaled to fit the box whole, centred (object-fit: contain). */
export function containRect(picture: Size, box: Rect): Rect {
  if (picture.width <= 0 || picture.height <= 0) return { ...box };
  const scale = Math.min(box.width / picture.width, box.height / picture.height);
  const width = picture.width * scale;
  const height = picture.height * scale;
  return { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height };
}

/** A camera the user may see: listed and not denied the live right (a hidden tile is never drawn nor named). */
export function tileCameraVisible(camera: ShotTileInput['camera']): camera is Pick<Camera, 'network_id' | 'permissions'> {
  return !!camera && camera.permissions?.live !== false;
}

/**
 * The composition: every tile keeps its place; a tile is drawn only when its camera is visible, it is live on screen
 * and it has a picture now (offline, hidden, loading or failed tiles stay black). Drawn tiles' channels are logged
 * under their own camera's network (cross-network walls).
 */
export function planWallScreenshot(inputs: readonly ShotTileInput[], gridWidthPx = 0, maxWidth = WALL_SCREENSHOT_MAX_WIDTH): WallScreenshotPlan {
  const cells = inputs.map((input) => input.tile);
  const size = wallScreenshotSize(cells, gridWidthPx, maxWidth);
  const rows = gridRowCount(cells);
  const byNetwork = new Map<number, number[]>();
  const tiles = inputs.map(({ tile, camera, state, picture }): PlannedTile => {
    const rect = tileRect(tile, size, rows);
    const drawn = tileCameraVisible(camera) && state === 'live' && picture !== null && picture.width > 0 && picture.height > 0;
    if (!drawn) return { tileId: tile.id, rect, draw: null };
    const channels = byNetwork.get(camera.network_id) ?? [];
    if (!channels.includes(tile.video_channel_id)) channels.push(tile.video_channel_id);
    byNetwork.set(camera.network_id, channels);
    return { tileId: tile.id, rect, draw: containRect(picture, rect) };
  });
  return { ...size, tiles, logs: [...byNetwork].map(([networkId, channelIds]) => ({ networkId, channelIds })) };
}
