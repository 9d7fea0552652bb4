/** Space between the result thumbnails, px. */
export const THUMBNAIL_GAP_PX = 12;

export interface ThumbnailColumns {
  count: number;
  /** CSS px of each column (and of its thumbnail). */
  widthPx: number;
}

/**
 * The columns of a results grid `containerWidthPx` wide for the chosen thumbnail width (small 350, medium 450, large
 * 800): the number of columns whose shared width comes nearest the chosen one, at least one; the columns fill the row.
 * An unmeasured grid (width 0) has one column of the chosen width.
 */
export function thumbnailColumns(containerWidthPx: number, chosenWidthPx: number, gapPx = THUMBNAIL_GAP_PX): ThumbnailColumns {
  if (containerWidthPx <= 0) return { count: 1, widthPx: chosenWidthPx };
  const count = Math.max(1, Math.round((containerWidthPx + gapPx) / (chosenWidthPx + gapPx)));
  return { count, widthPx: (containerWidthPx - (count - 1) * gapPx) / count };
}
