import { describe, expect, it } from 'vitest';
import { insertBookmark, loadedBookmarks, nextEndingBefore, removeBookmark } from './bookmarkPages';
import { makeBookmark, MINUTE_MS, NOW_MS, page } from './test/bookmarkFixtures';
import type { BookmarksPage } from './types';

const at = (id: number, minutesAgo: number) => makeBookmark(id, NOW_MS - minutesAgo * MINUTE_MS);
const ids = (pages: BookmarksPage[]) => pages.map((entry) => entry.items.map((item) => item.id));

describe('bookmark pages', () => {
  it("the next page starts after the last bookmark (its start and id), until none remain", () => {
    expect(nextEndingBefore(page([at(1, 10), at(2, 20)], 5))).toEqual({ endingBefore: at(2, 20).startTs, endingBeforeId: 2 });
    expect(nextEndingBefore(page([at(1, 10), at(2, 20)], 0))).toBeUndefined();
    expect(nextEndingBefore(page([], 0))).toBeUndefined();
    expect(nextEndingBefore({ items: [at(1, 10)], meta: {} })).toBeUndefined();
  });

  it('adds a created bookmark at its place, newest start first (then the higher id)', () => {
    const pages = [page([at(1, 10), at(2, 30)], 2), page([at(3, 50), at(4, 70)], 0)];
    insertBookmark(pages, at(5, 5));
    insertBookmark(pages, at(6, 40));
    insertBookmark(pages, at(7, 30));
    expect(ids(pages)).toEqual([[5, 1, 7, 2], [6, 3, 4]]);
  });

  it('adds one older than all loaded only when none remain to load, and never twice', () => {
    const partial = [page([at(1, 10)], 3)];
    insertBookmark(partial, at(2, 90));
    expect(ids(partial)).toEqual([[1]]);
    const complete = [page([at(1, 10)], 0)];
    insertBookmark(complete, at(2, 90));
    insertBookmark(complete, at(2, 90));
    expect(ids(complete)).toEqual([[1, 2]]);
    const empty = [page([], 0)];
    insertBookmark(empty, at(3, 1));
    expect(ids(empty)).toEqual([[3]]);
  });

  it('takes a deleted bookmark out, and lists the loaded ones once each', () => {
    const pages = [page([at(1, 10), at(2, 20)], 1), page([at(2, 20), at(3, 30)], 0)];
    expect(loadedBookmarks(pages).map((item) => item.id)).toEqual([1, 2, 3]);
    removeBookmark(pages, 2);
    expect(ids(pages)).toEqual([[1], [3]]);
    expect(loadedBookmarks(undefined)).toEqual([]);
  });
});
