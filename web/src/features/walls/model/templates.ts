import { EDITOR_COLUMNS, type GridRect, MAX_TILES } from './grid';

/**
 * Wall templates (spec 02 §9: "viewer templates 24 columns; templates for 1 to 16 tiles; grid default 3 per row each 8
 * units") and the viewer's placement of stored tiles.
 *
 * Every template tile is square in cells (w = h), like the editor's tiles (spec §5 "tiles resize keeping square
 * shape"). The viewer draws cells 16:9 (`CELL_ASPECT`), so a w = h tile shows a 16:9 picture whole and every layout
 * below is made of 16:9 tiles; other pictures (4:3, 1:1) are fitted inside by the tile. Sides are multiples of 6 or 8
 * units so the templates tile the 24 columns without gaps:
 *
 * - 1: one full-width tile. 2: two halves side by side. 3: one large (16) and two small (8) stacked on its right.
 * - 4: 2x2 halves. 5: two halves over three thirds. 6: one large (16) with five thirds around it (right and below).
 * - 7: three halves (12) and four quarters (6) in the fourth half. 8: one large (18) with seven quarters around it.
 * - 9: 3x3 thirds (the default grid). 10: two halves over two rows of four quarters.
 * - 11, 12: 4x3 quarters (11 leaves the last cell empty). 13: one half with twelve quarters around it.
 * - 14, 15, 16: 4x4 quarters, filled row by row.
 *
 * Templates are drawn on 24 columns; the editor stores them on 28 (`templateToEditor`, applied by `templateApplied`).
 */

/** Width / height of one grid cell on screen (as `tile/constants.ts` WALL_CELL_ASPECT): w = h tiles are 16:9. */
export const CELL_ASPECT = 16 / 9;

export interface WallTemplate {
  /** Stable id for lists and React keys: `tiles-{tileCount}`. */
  id: string;
  /** English description; a page may translate it by id. */
  name: string;
  tileCount: number;
  /** Cells on the 24-column grid, in tile order (the wall's first tile takes the first cell). */
  cells: GridRect[];
}

const square = (x: number, y: number, side: number): GridRect => ({ x, y, w: side, h: side });

/** `count` squares of `side` units filled row by row, `perRow` per row, starting at row `top`. */
function rows(count: number, side: number, perRow: number, top = 0): GridRect[] {
  return Array.from({ length: count }, (_, index) =>
    square((index % perRow) * side, top + Math.floor(index / perRow) * side, side),
  );
}

/** The quarters (6 units) of the 24x24 square that are not covered by `taken`, row by row. */
function quartersAround(taken: readonly GridRect[]): GridRect[] {
  const covers = (big: GridRect, cell: GridRect) =>
    cell.x >= big.x && cell.x < big.x + big.w && cell.y >= big.y && cell.y < big.y + big.h;
  return rows(16, 6, 4).filter((cell) => !taken.some((big) => covers(big, cell)));
}

const TEMPLATE_SHAPES: Record<number, { name: string; cells: GridRect[] }> = {
  1: { name: 'One tile', cells: [square(0, 0, 24)] },
  2: { name: 'Two side by side', cells: rows(2, 12, 2) },
  3: { name: 'One large and two small', cells: [square(0, 0, 16), square(16, 0, 8), square(16, 8, 8)] },
  4: { name: '2x2 grid', cells: rows(4, 12, 2) },
  5: { name: 'Two large over three small', cells: [...rows(2, 12, 2), ...rows(3, 8, 3, 12)] },
  6: {
    name: 'One large and five small',
    cells: [square(0, 0, 16), square(16, 0, 8), square(16, 8, 8), ...rows(3, 8, 3, 16)],
  },
  7: {
    name: 'Three large and four small',
    cells: [square(0, 0, 12), square(12, 0, 12), square(0, 12, 12), ...quartersAround(rows(3, 12, 2))],
  },
  8: { name: 'One large and seven small', cells: [square(0, 0, 18), ...quartersAround([square(0, 0, 18)])] },
  9: { name: '3x3 grid', cells: rows(9, 8, 3) },
  10: { name: 'Two large and eight small', cells: [...rows(2, 12, 2), ...rows(8, 6, 4, 12)] },
  11: { name: '4x3 grid', cells: rows(11, 6, 4) },
  12: { name: '4x3 grid', cells: rows(12, 6, 4) },
  13: { name: 'One large and twelve small', cells: [square(0, 0, 12), ...quartersAround([square(0, 0, 12)])] },
  14: { name: '4x4 grid', cells: rows(14, 6, 4) },
  15: { name: '4x4 grid', cells: rows(15, 6, 4) },
  16: { name: '4x4 grid', cells: rows(16, 6, 4) },
};

/** The templates for 1 to 16 tiles, by tile count: the editor's Templates list. */
export const TEMPLATES: readonly WallTemplate[] = Array.from({ length: MAX_TILES }, (_, index) => {
  const tileCount = index + 1;
  const { name, cells } = TEMPLATE_SHAPES[tileCount];
  return { id: `tiles-${tileCount}`, name, tileCount, cells };
});

/** The template for `count` tiles; counts below 1 give the 1-tile template, above 16 the 16-tile one. */
export function templateFor(count: number): WallTemplate {
  const clamped = Math.min(Math.max(Math.floor(count), 1), MAX_TILES);
  return TEMPLATES[clamped - 1];
}

/** The template with this id, if any. */
export function templateById(id: string): WallTemplate | undefined {
  return TEMPLATES.find((template) => template.id === id);
}

/** One tile's place in a CSS grid: 1-based lines, as `grid-column: {columnStart} / span {columnSpan}` wants them. */
export interface ViewerPlacement<T> {
  tile: T;
  columnStart: number;
  columnSpan: number;
  rowStart: number;
  rowSpan: number;
  /** `${columnStart} / span ${columnSpan}`, ready for `style.gridColumn`. */
  gridColumn: string;
  /** `${rowStart} / span ${rowSpan}`, ready for `style.gridRow`. */
  gridRow: string;
}

export interface ViewerLayout<T> {
  /** Columns of the CSS grid: the stored grid's 28 (`grid-template-columns: repeat(28, 1fr)`). */
  columns: number;
  /** Rows the tiles use (the lowest tile's bottom edge); 0 for no tiles. */
  rows: number;
  /**
   * Width / height of the whole grid (`columns × cellAspect / rows`): with this `aspect-ratio` on the grid and
   * `grid-template-rows: repeat(rows, 1fr)` every cell has the cell aspect, so w = h tiles are 16:9. 1 for no tiles.
   */
  aspectRatio: number;
  /** One per tile, in the tiles' order. */
  placements: ViewerPlacement<T>[];
}

/**
 * CSS grid placements of stored tiles for the wall viewer, in the tiles' order. The viewer draws on the stored
 * 28-column grid itself, so what the editor saved is shown cell for cell (converting to 24 columns would round small
 * tiles away). Empty rows above the first tile are dropped; anything beyond the 28 columns (which the server refuses)
 * is clipped to the grid. `cellAspect` is the width / height of one cell (16:9 by default).
 */
export function layoutForViewer<T extends GridRect>(
  tiles: readonly T[],
  cellAspect: number = CELL_ASPECT,
): ViewerLayout<T> {
  const top = tiles.length === 0 ? 0 : Math.min(...tiles.map((tile) => Math.max(0, tile.y)));
  const placements = tiles.map((tile) => {
    const columnStart = Math.min(Math.max(0, tile.x), EDITOR_COLUMNS - 1) + 1;
    const columnSpan = Math.max(1, Math.min(tile.w, EDITOR_COLUMNS + 1 - columnStart));
    const rowStart = Math.max(0, tile.y) - top + 1;
    const rowSpan = Math.max(1, tile.h);
    return {
      tile,
      columnStart,
      columnSpan,
      rowStart,
      rowSpan,
      gridColumn: `${columnStart} / span ${columnSpan}`,
      gridRow: `${rowStart} / span ${rowSpan}`,
    };
  });
  const rowCount = Math.max(0, ...placements.map((placement) => placement.rowStart - 1 + placement.rowSpan));
  return {
    columns: EDITOR_COLUMNS,
    rows: rowCount,
    aspectRatio: rowCount === 0 ? 1 : (EDITOR_COLUMNS * cellAspect) / rowCount,
    placements,
  };
}
