import { WALL_CELL_ASPECT, WALL_GRID_COLUMNS } from './constants';

type Cells = { x: number; y: number; w: number; h: number };

/** CSS grid lines of a tile stored in 28-column cells (x, y from 0; lines from 1). */
export function tileGridArea(tile: Cells): { gridColumn: string; gridRow: string } {
  const x = Math.max(0, Math.min(tile.x, WALL_GRID_COLUMNS - 1));
  const w = Math.max(1, Math.min(tile.w, WALL_GRID_COLUMNS - x));
  return { gridColumn: `${x + 1} / span ${w}`, gridRow: `${Math.max(0, tile.y) + 1} / span ${Math.max(1, tile.h)}` };
}

/** Rows the layout uses: the lowest tile's bottom edge (at least one row). */
export function gridRowCount(tiles: readonly Cells[]): number {
  return Math.max(1, ...tiles.map((tile) => Math.max(0, tile.y) + Math.max(1, tile.h)));
}

/** Width / height of the whole grid, for a box that keeps every tile's shape. */
export function gridAspect(tiles: readonly Cells[]): number {
  return (WALL_GRID_COLUMNS * WALL_CELL_ASPECT) / gridRowCount(tiles);
}

/**
 * The transform that puts a box covering the whole grid onto the tile (origin top left): where the peek animation
 * starts from, and where closing returns to.
 */
export function tileTransformInGrid(tile: Cells, rows: number): string {
  const left = (Math.max(0, tile.x) / WALL_GRID_COLUMNS) * 100;
  const top = (Math.max(0, tile.y) / rows) * 100;
  return `translate(${left}%, ${top}%) scale(${tile.w / WALL_GRID_COLUMNS}, ${tile.h / rows})`;
}
