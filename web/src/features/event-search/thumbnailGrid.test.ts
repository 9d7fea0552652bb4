import { describe, expect, it } from 'vitest';
import { THUMBNAIL_GAP_PX, thumbnailColumns } from './thumbnailGrid';

describe('thumbnail columns', () => {
  it('shares the row among the number of columns nearest the chosen width', () => {
    // 1280x720 window, filters open: a 696 px grid.
    expect(thumbnailColumns(696, 450)).toEqual({ count: 2, widthPx: 342 });
    expect(thumbnailColumns(696, 350)).toEqual({ count: 2, widthPx: 342 });
    expect(thumbnailColumns(696, 800)).toEqual({ count: 1, widthPx: 696 });
    // Filters closed: 1016 px.
    expect(thumbnailColumns(1016, 450)).toEqual({ count: 2, widthPx: 502 });
    expect(thumbnailColumns(1016, 350)).toEqual({ count: 3, widthPx: (1016 - 2 * THUMBNAIL_GAP_PX) / 3 });
  });

  it('keeps one column in a grid narrower than the chosen width, and the chosen width before the grid is measured', () => {
    expect(thumbnailColumns(300, 350)).toEqual({ count: 1, widthPx: 300 });
    expect(thumbnailColumns(0, 450)).toEqual({ count: 1, widthPx: 450 });
  });

  it('fills the row exactly', () => {
    for (const container of [420, 777, 1234, 1900]) {
      const { count, widthPx } = thumbnailColumns(container, 350);
      expect(count * widthPx + (count - 1) * THUMBNAIL_GAP_PX).toBeCloseTo(container, 6);
    }
  });
});
