import type { TimeWindow } from '../../timeline/timeScale';
import { bookmarkEndMs, bookmarkStartMs } from '../bookmarkPages';
import { overlaps } from '../bookmarkTime';
import type { Bookmark } from '../types';

export interface PlacedMark {
  bookmark: Bookmark;
  startMs: number;
  endMs: number;
  /** Where the bookmark starts on the track (may be below 0 when it started before the window). */
  startPercent: number;
  /** The range's part inside the window, as percentages of the track. */
  leftPercent: number;
  widthPercent: number;
}

const percentOf = (ms: number, window: TimeWindow) => ((ms - window.startMs) / (window.endMs - window.startMs)) * 100;

/** The bookmarks overlapping the window, oldest first, with their place on the track. */
export function placeMarks(bookmarks: readonly Bookmark[], window: TimeWindow): PlacedMark[] {
  return bookmarks
    .map((bookmark) => ({ bookmark, startMs: bookmarkStartMs(bookmark), endMs: bookmarkEndMs(bookmark) }))
    .filter(({ startMs, endMs }) => overlaps(startMs, endMs, window))
    .sort((a, b) => a.startMs - b.startMs || a.bookmark.id - b.bookmark.id)
    .map((mark) => {
      const leftPercent = Math.max(0, percentOf(mark.startMs, window));
      const rightPercent = Math.min(100, percentOf(mark.endMs, window));
      return {
        ...mark,
        startPercent: percentOf(mark.startMs, window),
        leftPercent,
        widthPercent: Math.max(0, rightPercent - leftPercent),
      };
    });
}
