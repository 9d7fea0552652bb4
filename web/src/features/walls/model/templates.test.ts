import { describe, expect, it } from 'vitest';
import { overlaps, templateToEditor, VIEWER_COLUMNS } from './grid';
import { TEMPLATES, layoutForViewer, templateById, templateFor } from './templates';

describe('wall templates', () => {
  it('has one template for each count from 1 to 16', () => {
    expect(TEMPLATES.map((template) => template.tileCount)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    expect(new Set(TEMPLATES.map((template) => template.id)).size).toBe(16);
    expect(templateById('tiles-4')?.tileCount).toBe(4);
    expect(templateById('nope')).toBeUndefined();
  });

  it.each(TEMPLATES.map((template) => [template.tileCount, template] as const))(
    'template %i: that many square cells inside 24 columns, none overlapping, also once stored on 28',
    (count, template) => {
      expect(template.cells).toHaveLength(count);
      for (const [index, cell] of template.cells.entries()) {
        expect(cell.w).toBe(cell.h);
        expect(cell.x + cell.w).toBeLessThanOrEqual(VIEWER_COLUMNS);
        for (const other of template.cells.slice(index + 1)) {
          expect(overlaps(cell, other)).toBe(false);
          expect(overlaps(templateToEditor(cell), templateToEditor(other))).toBe(false);
        }
        const stored = templateToEditor(cell);
        expect(stored.x + stored.w).toBeLessThanOrEqual(28);
        expect(Math.abs(stored.w - stored.h)).toBeLessThanOrEqual(1);
      }
    },
  );

  it('lays out the spec shapes', () => {
    expect(templateFor(1).cells).toEqual([{ x: 0, y: 0, w: 24, h: 24 }]);
    expect(templateFor(2).cells.map((c) => [c.x, c.y, c.w])).toEqual([[0, 0, 12], [12, 0, 12]]);
    expect(templateFor(9).cells.every((c) => c.w === 8)).toBe(true);
    expect(templateFor(16).cells.every((c) => c.w === 6)).toBe(true);
    expect(templateFor(8).cells[0]).toEqual({ x: 0, y: 0, w: 18, h: 18 });
  });

  it('clamps the count', () => {
    expect(templateFor(0).tileCount).toBe(1);
    expect(templateFor(-3).tileCount).toBe(1);
    expect(templateFor(20).tileCount).toBe(16);
  });
});

describe('viewer layout', () => {
  it('places stored tiles on a 28-column CSS grid, in their order', () => {
    const tiles = [
      { id: 'b', x: 7, y: 0, w: 7, h: 7 },
      { id: 'a', x: 0, y: 0, w: 7, h: 7 },
      { id: 'c', x: 0, y: 7, w: 14, h: 14 },
    ];
    const layout = layoutForViewer(tiles);
    expect(layout.columns).toBe(28);
    expect(layout.rows).toBe(21);
    expect(layout.aspectRatio).toBeCloseTo((28 * 16) / 9 / 21);
    expect(layoutForViewer(tiles, 1).aspectRatio).toBeCloseTo(28 / 21);
    expect(layout.placements.map((p) => p.tile.id)).toEqual(['b', 'a', 'c']);
    expect(layout.placements[0]).toMatchObject({ columnStart: 8, columnSpan: 7, rowStart: 1, rowSpan: 7 });
    expect(layout.placements[2].gridColumn).toBe('1 / span 14');
    expect(layout.placements[2].gridRow).toBe('8 / span 14');
  });

  it('drops empty rows above the first tile and clips to the grid', () => {
    const layout = layoutForViewer([{ x: 25, y: 10, w: 7, h: 7 }]);
    expect(layout.placements[0]).toMatchObject({ columnStart: 26, columnSpan: 3, rowStart: 1, rowSpan: 7 });
    expect(layout.rows).toBe(7);
  });

  it('has an empty layout for no tiles', () => {
    expect(layoutForViewer([])).toEqual({ columns: 28, rows: 0, aspectRatio: 1, placements: [] });
  });
});
