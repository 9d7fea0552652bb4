import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * Seeks the camera page's player to a moment: the page's `?ts=` (seconds), which the viewer seeks to and then removes
 * from the address (spec 02 §2), as bookmarks' and motion search's 'Jump to video' do. Other parameters stay, and the
 * history gets no entry per click.
 */
export function useSeekToTime(): (ms: number) => void {
  const [, setParams] = useSearchParams();
  return useCallback(
    (ms: number) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('ts', String(Math.floor(ms / 1000)));
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
}
