import type { Camera } from '../../api/types';
import { FISHEYE_MOTION_GRID, FOUR_THREE_MAX_RATIO, FOUR_THREE_MOTION_GRID, MOTION_GRID } from './constants';
import type { Roi } from './types';

export interface Grid {
  cols: number;
  rows: number;
}

export interface Cell {
  col: number;
  row: number;
}

type CameraShape = Pick<Camera, 'type' | 'config'>;

/** Width/height of the camera's resolution in its record (config.video_width × video_height), null without one. */
function resolutionAspect(camera: CameraShape): number | null {
  const width = camera.config?.video_width ?? 0;
  const height = camera.config?.video_height ?? 0;
  return width > 0 && height > 0 ? width / height : null;
}

/** The camera's motion grid (as the server's): fisheye 60×60, an image narrower than 3:2 (4:3, 5:4) 60×48, else 60×34. */
export function gridForCamera(camera: CameraShape): Grid {
  if (camera.type === 'fisheye') return FISHEYE_MOTION_GRID;
  const aspect = resolutionAspect(camera);
  return aspect !== null && aspect < FOUR_THREE_MAX_RATIO ? FOUR_THREE_MOTION_GRID : MOTION_GRID;
}

/**
 * Width/height of the camera's picture from its record: its resolution, or 1 for a fisheye without one; null when the
 * record does not say (the snapshot's natural size decides then).
 */
export function cameraAspect(camera: CameraShape): number | null {
  return resolutionAspect(camera) ?? (camera.type === 'fisheye' ? 1 : null);
}

/** The whole frame as a region. */
export function fullFrame(grid: Grid = MOTION_GRID): Roi {
  return { x: 0, y: 0, w: grid.cols, h: grid.rows };
}

export function isFullFrame(roi: Roi, grid: Grid = MOTION_GRID): boolean {
  return roi.x === 0 && roi.y === 0 && roi.w === grid.cols && roi.h === grid.rows;
}

/** The cell under a point `x`,`y` px of an area `width`×`height` px; points outside are clamped to the edge cells. */
export function cellAt(x: number, y: number, width: number, height: number, grid: Grid = MOTION_GRID): Cell {
  const clamp = (value: number, size: number, count: number) =>
    size <= 0 ? 0 : Math.min(count - 1, Math.max(0, Math.floor((value / size) * count)));
  return { col: clamp(x, width, grid.cols), row: clamp(y, height, grid.rows) };
}

/** The rectangle of whole cells spanning two corner cells (both included): at least 1×1. */
export function rectBetween(a: Cell, b: Cell): Roi {
  const x = Math.min(a.col, b.col);
  const y = Math.min(a.row, b.row);
  return { x, y, w: Math.abs(a.col - b.col) + 1, h: Math.abs(a.row - b.row) + 1 };
}

/** `x,y,w,h` as the server's roi parameter. */
export function roiParam(roi: Roi): string {
  return `${roi.x},${roi.y},${roi.w},${roi.h}`;
}

/** The region as percentages of the frame, for drawing. */
export function roiPercent(roi: Roi, grid: Grid = MOTION_GRID) {
  return {
    left: (roi.x / grid.cols) * 100,
    top: (roi.y / grid.rows) * 100,
    width: (roi.w / grid.cols) * 100,
    height: (roi.h / grid.rows) * 100,
  };
}
