import { useCallback, useMemo } from 'react';
import type { Camera } from '../../../api/types';
import { loadedBookmarks } from '../bookmarkPages';
import { useGetCameraBookmarksInfiniteQuery } from '../bookmarksApi';
import type { Bookmark } from '../types';

export interface CameraBookmarks {
  /** The bookmarks loaded so far, newest first. */
  bookmarks: Bookmark[];
  /** The first page is on its way. */
  loading: boolean;
  /** A further page is on its way. */
  loadingMore: boolean;
  /** No more pages will load: all are in, or a page failed (spec 03 §8: an error marks the cache completed). */
  completed: boolean;
  /** `endingBefore` of the last page asked for; null for the first page. */
  endingBefore: string | null;
  /** The last page asked for failed. */
  error: boolean;
  /** Asks for the next page, unless completed or a page is on its way. */
  loadMore: () => void;
  /** Asks for the loaded pages again (after an error). */
  retry: () => void;
}

/** A camera's bookmarks from the per-serial cache (`bookmarksApi.getCameraBookmarks`), page by page. */
export function useCameraBookmarks(camera: Camera): CameraBookmarks {
  const query = useGetCameraBookmarksInfiniteQuery({ orgId: camera.organization_id, serial: camera.serial });
  const { data, hasNextPage, isError, isFetching, isLoading, isFetchingNextPage, fetchNextPage, refetch } = query;
  const bookmarks = useMemo(() => loadedBookmarks(data?.pages), [data]);
  const completed = !isLoading && (!hasNextPage || isError);
  const loadMore = useCallback(() => {
    if (!completed && !isFetching) void fetchNextPage();
  }, [completed, isFetching, fetchNextPage]);
  const retry = useCallback(() => void refetch(), [refetch]);
  return {
    bookmarks,
    loading: isLoading,
    loadingMore: isFetchingNextPage,
    completed,
    endingBefore: data?.pageParams.at(-1)?.endingBefore ?? null,
    error: isError,
    loadMore,
    retry,
  };
}
