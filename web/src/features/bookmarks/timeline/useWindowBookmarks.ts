import { useEffect } from 'react';
import type { Camera } from '../../../api/types';
import type { TimeWindow } from '../../timeline/timeScale';
import { bookmarkStartMs } from '../bookmarkPages';
import { MAX_BOOKMARK_MS } from '../constants';
import { useCameraBookmarks } from '../hooks/useCameraBookmarks';
import type { Bookmark } from '../types';

/**
 * The camera's bookmarks for the timeline, from the same per-serial cache as the drawer's list (so a bookmark created
 * or deleted there shows at once). Older pages are asked for, one at a time, until the loaded ones reach back past the
 * window's start by the longest bookmark (24 h), so every bookmark overlapping the window is in; failures are
 * swallowed (the timeline then shows what it has).
 */
export function useWindowBookmarks(camera: Camera, window: TimeWindow): Bookmark[] {
  const { bookmarks, completed, loadMore } = useCameraBookmarks(camera);
  const oldest = bookmarks.at(-1);
  const needsOlder = !completed && oldest !== undefined && bookmarkStartMs(oldest) >= window.startMs - MAX_BOOKMARK_MS;

  useEffect(() => {
    if (needsOlder) loadMore();
  }, [needsOlder, loadMore, bookmarks.length]);
  return bookmarks;
}
