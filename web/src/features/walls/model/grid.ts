/**
 * The wall grid (spec 02 §4, §5, §9; docs/design/walls.md "Grid of the stored geometry").
 *
 * Stored tiles are rectangles in cells of the editor's 28-column grid; the grid grows downwards. The viewer's
 * templates are drawn on a 24-column grid and converted to 28 columns before they are stored (`templateToEditor`).
 */

/** Columns of the editor's grid: every stored tile lives here (`x + w <= 28`, the server refuses more). */
export const EDITOR_COLUMNS = 28;
/** Columns of the viewer templates (spec §9: "grid default 3 per row each 8 units"). */
export const VIEWER_COLUMNS = 24;
/** Side of a new tile (spec §9: default tile 7x7). */
export const DEFAULT_TILE = 7;
/** Smallest side the editor lets a tile be resized to (spec §5). */
export const MIN_TILE = 4;
/** Tiles (cameras) per wall (spec §5, §9). */
export const MAX_TILES = 16;
/** Rows the server accepts (`y + h <= 448`: 16 full-width squares stacked); only bounds the numbers. */
export const MAX_ROWS = 448;

/** A rectangle in grid cells. */
export interface GridRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** True when the two rectangles share some area; touching edges do not overlap (the server's rule). */
export function overlaps(a: GridRect, b: GridRect): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** True when the rectangle has whole, positive cells inside the 28-column grid (what the server accepts). */
export function isInsideGrid(rect: GridRect, columns: number = EDITOR_COLUMNS): boolean {
  return (
    [rect.x, rect.y, rect.w, rect.h].every(Number.isInteger) &&
    rect.x >= 0 &&
    rect.y >= 0 &&
    rect.w >= 1 &&
    rect.h >= 1 &&
    rect.x + rect.w <= columns &&
    rect.y + rect.h <= MAX_ROWS
  );
}

/**
 * The first free `size`x`size` spot on the 28-column grid, scanning rows top to bottom and, in each row, columns left
 * to right; {x: 0, y: 0} when none is free (spec §4).
 */
export function firstFreeSpot(tiles: readonly GridRect[], size: number = DEFAULT_TILE): { x: number; y: number } {
  for (let y = 0; y + size <= MAX_ROWS; y += 1) {
    for (let x = 0; x + size <= EDITOR_COLUMNS; x += 1) {
      const spot = { x, y, w: size, h: size };
      if (!tiles.some((tile) => overlaps(spot, tile))) return { x, y };
    }
  }
  return { x: 0, y: 0 };
}

/**
 * The tile resized to a `size`x`size` square (spec §5: tiles stay square, at least 4x4) that stays inside the 28
 * columns: a tile too close to the right edge moves left. With `others`, the largest square up to `size` that
 * overlaps none of them is taken; when even the 4x4 one overlaps, the tile comes back unchanged.
 */
export function resizeSquare<T extends GridRect>(tile: T, size: number, others: readonly GridRect[] = []): T {
  const largest = Math.min(Math.max(Math.round(size), MIN_TILE), EDITOR_COLUMNS);
  for (let side = largest; side >= MIN_TILE; side -= 1) {
    const resized = { ...tile, x: Math.min(tile.x, EDITOR_COLUMNS - side), w: side, h: side };
    if (!others.some((other) => overlaps(resized, other))) return resized;
  }
  return tile;
}

/**
 * Converts a position or edge between grids by scaling (`to / from`) and rounding to the nearest cell (halves up).
 * Convert edges, not sizes (see `templateToEditor`).
 */
export function convertEdge(value: number, fromColumns: number, toColumns: number): number {
  return Math.round((value * toColumns) / fromColumns);
}

/**
 * A 24-column template cell as a 28-column stored cell. Both edges of each axis are scaled by 28/24 and rounded, and
 * the size is the difference: cells sharing an edge in the template still share it (no gaps, no overlaps), and the
 * right edge 24 lands exactly on 28. The price: a side may differ by one cell from plain scaling, so a square of the
 * template stays square within one cell (8 units become 9 or 10 cells: edges 0, 8, 16, 24 → 0, 9, 19, 28). Multiples of
 * 6 (6, 12, 18, 24) convert exactly. The 28-column grid being finer, `editorToTemplate` gives the template cell back.
 */
export function templateToEditor(cell: GridRect): GridRect {
  return convertRect(cell, VIEWER_COLUMNS, EDITOR_COLUMNS);
}

/**
 * A 28-column stored cell on the 24-column template grid, with the same edge rounding. Lossy for cells that are not
 * converted templates: a side may shrink by one cell, and it never becomes smaller than 1.
 */
export function editorToTemplate(cell: GridRect): GridRect {
  return convertRect(cell, EDITOR_COLUMNS, VIEWER_COLUMNS);
}

function convertRect(cell: GridRect, fromColumns: number, toColumns: number): GridRect {
  const x = convertEdge(cell.x, fromColumns, toColumns);
  const y = convertEdge(cell.y, fromColumns, toColumns);
  const right = convertEdge(cell.x + cell.w, fromColumns, toColumns);
  const bottom = convertEdge(cell.y + cell.h, fromColumns, toColumns);
  return { x, y, w: Math.max(1, right - x), h: Math.max(1, bottom - y) };
}
