import { describe, expect, it } from 'vitest';
import { gridAspect, gridRowCount, tileGridArea, tileTransformInGrid } from './gridPlacement';

describe('wall grid placement', () => {
  it('maps 28-column cells to CSS grid lines', () => {
    expect(tileGridArea({ x: 0, y: 0, w: 7, h: 7 })).toEqual({ gridColumn: '1 / span 7', gridRow: '1 / span 7' });
    expect(tileGridArea({ x: 21, y: 7, w: 7, h: 7 })).toEqual({ gridColumn: '22 / span 7', gridRow: '8 / span 7' });
  });

  it('keeps a tile inside the 28 columns', () => {
    expect(tileGridArea({ x: 25, y: 0, w: 7, h: 7 })).toEqual({ gridColumn: '26 / span 3', gridRow: '1 / span 7' });
  });

  it('sizes the grid by its lowest tile, 16:9 cells', () => {
    const tiles = [
      { x: 0, y: 0, w: 14, h: 14 },
      { x: 14, y: 0, w: 14, h: 7 },
      { x: 14, y: 7, w: 7, h: 7 },
    ];
    expect(gridRowCount(tiles)).toBe(14);
    expect(gridAspect(tiles)).toBeCloseTo((28 * 16) / 9 / 14);
    expect(gridRowCount([])).toBe(1);
  });

  it('places a whole-grid box onto a tile', () => {
    expect(tileTransformInGrid({ x: 14, y: 7, w: 14, h: 7 }, 14)).toBe('translate(50%, 50%) scale(0.5, 0.5)');
  });
});
