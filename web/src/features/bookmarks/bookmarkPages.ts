import type { Bookmark, BookmarksCursor, BookmarksPage } from './types';

/** Start and end of a bookmark in ms since the epoch. */
export function bookmarkStartMs(bookmark: Bookmark): number {
  return Date.parse(bookmark.startTs);
}

export function bookmarkEndMs(bookmark: Bookmark): number {
  return Date.parse(bookmark.endTs);
}

/** How many bookmarks older than a page's remain (meta.counts.items.remaining). */
export function remainingAfter(page: BookmarksPage): number {
  return page.meta.counts?.items?.remaining ?? 0;
}

/**
 * Where the page after `page` starts: after its last bookmark, by start and id, so bookmarks sharing that start are
 * not skipped across the page boundary; none when no older bookmark remains.
 */
export function nextEndingBefore(page: BookmarksPage): BookmarksCursor | undefined {
  const last = page.items.at(-1);
  return last && remainingAfter(page) > 0 ? { endingBefore: last.startTs, endingBeforeId: last.id } : undefined;
}

/** The server's order, newest first: the later start, then the higher id. */
function isNewer(a: Bookmark, b: Bookmark): boolean {
  const difference = bookmarkStartMs(a) - bookmarkStartMs(b);
  return difference !== 0 ? difference > 0 : a.id > b.id;
}

/**
 * Adds a created bookmark to the loaded pages (an Immer draft) at its place in the order (spec 03 §7: "the response
 * bookmark is added to the list"). One older than every loaded bookmark is added only when no older ones remain to be
 * loaded; otherwise the page that holds it brings it.
 */
export function insertBookmark(pages: BookmarksPage[], bookmark: Bookmark): void {
  if (pages.some((page) => page.items.some((item) => item.id === bookmark.id))) return;
  for (const page of pages) {
    const index = page.items.findIndex((item) => isNewer(bookmark, item));
    if (index >= 0) {
      page.items.splice(index, 0, bookmark);
      return;
    }
  }
  const last = pages.at(-1);
  if (last && remainingAfter(last) === 0) last.items.push(bookmark);
}

/** Takes a deleted bookmark out of the loaded pages (an Immer draft). */
export function removeBookmark(pages: BookmarksPage[], id: number): void {
  for (const page of pages) {
    const index = page.items.findIndex((item) => item.id === id);
    if (index >= 0) page.items.splice(index, 1);
  }
}

/** The loaded bookmarks in one list, newest first, each once. */
export function loadedBookmarks(pages: readonly BookmarksPage[] | undefined): Bookmark[] {
  const seen = new Set<number>();
  return (pages ?? []).flatMap((page) =>
    page.items.filter((item) => {
      if (seen.has(item.id)) return false;
      seen.add(item.id);
      return true;
    }),
  );
}
