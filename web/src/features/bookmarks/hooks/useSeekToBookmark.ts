import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { bookmarkStartMs } from '../bookmarkPages';
import type { Bookmark } from '../types';

/**
 * Seeks the camera page's player to a bookmark's start: the page's `?ts=` (seconds), which the viewer seeks to and
 * then removes from the address (spec 02 §2), as motion search's 'Jump to video' does. Other parameters stay, and
 * the history gets no entry per click.
 */
export function useSeekToBookmark(): (bookmark: Bookmark) => void {
  const [, setParams] = useSearchParams();
  return useCallback(
    (bookmark: Bookmark) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('ts', String(Math.floor(bookmarkStartMs(bookmark) / 1000)));
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
}
