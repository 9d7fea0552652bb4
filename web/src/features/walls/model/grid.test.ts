import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TILE,
  EDITOR_COLUMNS,
  MAX_TILES,
  MIN_TILE,
  VIEWER_COLUMNS,
  editorToTemplate,
  firstFreeSpot,
  isInsideGrid,
  overlaps,
  resizeSquare,
  templateToEditor,
} from './grid';

const rect = (x: number, y: number, w: number, h = w) => ({ x, y, w, h });

describe('wall grid', () => {
  it('has the spec constants', () => {
    expect([EDITOR_COLUMNS, DEFAULT_TILE, MIN_TILE, MAX_TILES, VIEWER_COLUMNS]).toEqual([28, 7, 4, 16, 24]);
  });

  it('counts shared area as overlap but not touching edges', () => {
    expect(overlaps(rect(0, 0, 7), rect(6, 6, 7))).toBe(true);
    expect(overlaps(rect(0, 0, 7), rect(7, 0, 7))).toBe(false);
    expect(overlaps(rect(0, 0, 7), rect(0, 7, 7))).toBe(false);
    expect(overlaps(rect(2, 2, 2), rect(0, 0, 7))).toBe(true);
  });

  it('accepts whole cells inside the 28 columns only', () => {
    expect(isInsideGrid(rect(21, 0, 7))).toBe(true);
    expect(isInsideGrid(rect(22, 0, 7))).toBe(false);
    expect(isInsideGrid(rect(-1, 0, 7))).toBe(false);
    expect(isInsideGrid(rect(0, 0, 0))).toBe(false);
    expect(isInsideGrid(rect(0.5, 0, 7))).toBe(false);
    expect(isInsideGrid(rect(0, 441, 7))).toBe(true);
    expect(isInsideGrid(rect(0, 442, 7))).toBe(false);
  });

  it('finds the first free 7x7 spot scanning rows, then columns', () => {
    expect(firstFreeSpot([])).toEqual({ x: 0, y: 0 });
    expect(firstFreeSpot([rect(0, 0, 7)])).toEqual({ x: 7, y: 0 });
    const firstRow = [rect(0, 0, 7), rect(7, 0, 7), rect(14, 0, 7), rect(21, 0, 7)];
    expect(firstFreeSpot(firstRow)).toEqual({ x: 0, y: 7 });
    // A hole of 7 columns in a lower row comes after a free spot higher up.
    expect(firstFreeSpot([rect(0, 0, 10), rect(17, 0, 11)])).toEqual({ x: 10, y: 0 });
    // A 4-wide gap is too small for 7x7 but fits a 4x4.
    expect(firstFreeSpot([rect(0, 0, 12), rect(16, 0, 12)])).toEqual({ x: 0, y: 12 });
    expect(firstFreeSpot([rect(0, 0, 12), rect(16, 0, 12)], 4)).toEqual({ x: 12, y: 0 });
  });

  it('falls back to 0,0 when the grid is full', () => {
    expect(firstFreeSpot([{ x: 0, y: 0, w: 28, h: 448 }])).toEqual({ x: 0, y: 0 });
  });

  it('resizes keeping squares, at least 4x4 and inside the 28 columns', () => {
    const tile = { id: 1, ...rect(7, 0, 7) };
    expect(resizeSquare(tile, 10)).toEqual({ id: 1, ...rect(7, 0, 10) });
    expect(resizeSquare(tile, 2)).toEqual({ id: 1, ...rect(7, 0, 4) });
    expect(resizeSquare(tile, 40)).toEqual({ id: 1, ...rect(0, 0, 28) });
    expect(resizeSquare({ id: 2, ...rect(21, 3, 7) }, 9)).toEqual({ id: 2, ...rect(19, 3, 9) });
  });

  it('resizes only as far as the other tiles allow', () => {
    const tile = rect(0, 0, 7);
    expect(resizeSquare(tile, 12, [rect(10, 0, 7)])).toEqual(rect(0, 0, 10));
    expect(resizeSquare(tile, 12, [rect(0, 5, 7)])).toEqual(rect(0, 0, 5));
    expect(resizeSquare(tile, 12, [rect(0, 3, 7)])).toBe(tile);
  });

  it('converts template cells by their edges so neighbours stay neighbours', () => {
    const thirds = [0, 8, 16].map((x) => templateToEditor(rect(x, 0, 8)));
    expect(thirds).toEqual([rect(0, 0, 9, 9), rect(9, 0, 10, 9), rect(19, 0, 9, 9)]);
    expect(templateToEditor(rect(0, 0, 24))).toEqual(rect(0, 0, 28));
    expect(templateToEditor(rect(6, 12, 6))).toEqual(rect(7, 14, 7));
  });

  it('gives every template cell back after a round trip', () => {
    for (let x = 0; x < 24; x += 1) {
      for (let w = 1; x + w <= 24; w += 1) {
        expect(editorToTemplate(templateToEditor(rect(x, x, w)))).toEqual(rect(x, x, w));
      }
    }
  });

  it('never gives an empty side when converting a stored cell to 24 columns', () => {
    expect(editorToTemplate(rect(3, 0, 1))).toEqual(rect(3, 0, 1, 1));
    expect(editorToTemplate(rect(7, 7, 7))).toEqual(rect(6, 6, 6));
  });
});
