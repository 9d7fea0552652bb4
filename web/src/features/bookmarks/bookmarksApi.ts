import { baseApi } from '../../api/baseApi';
import { insertBookmark, nextEndingBefore, removeBookmark } from './bookmarkPages';
import { isoTime } from './bookmarkTime';
import { BOOKMARKS_PAGE_SIZE } from './constants';
import type { Bookmark, BookmarksCursor, BookmarksPage, CameraBookmarksArg, CreateBookmarkArg, DeleteBookmarkArg } from './types';

const cameraBookmarksPath = (serial: string) => `/api/v1/devices/${encodeURIComponent(serial)}/camera/video/bookmarks`;

/**
 * Clip bookmarks (spec 03 §3, §7 "Bookmarks"; docs/api/openapi.yaml). A camera's bookmarks are one infinite query per
 * camera serial, newest first, 30 a page, each page asked for with `endingBefore` and `endingBeforeId` = the start
 * and id of the last bookmark loaded, until `meta.counts.items.remaining` is 0. Its state is the spec's per-serial cache: `hasNextPage` false is
 * completed, the last page param is endingBefore, and a failed page is the error (see `useCameraBookmarks`). A created
 * bookmark is added to the loaded pages and a deleted one taken out, so the drawer's list and the timeline's marks
 * (the same cache) show it without asking again.
 */
export const bookmarksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/organizations/{orgId}/camera/video/bookmarks?serials&perPage=30[&endingBefore&endingBeforeId]. */
    getCameraBookmarks: build.infiniteQuery<BookmarksPage, CameraBookmarksArg, BookmarksCursor | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => nextEndingBefore(lastPage),
      },
      query: ({ queryArg, pageParam }) => ({
        url: `/api/v1/organizations/${queryArg.orgId}/camera/video/bookmarks`,
        params: { serials: queryArg.serial, perPage: BOOKMARKS_PAGE_SIZE, ...pageParam },
      }),
    }),
    /** POST /api/v1/devices/{serial}/camera/video/bookmarks {description, startTs, endTs}: 201 with the bookmark. */
    createBookmark: build.mutation<Bookmark, CreateBookmarkArg>({
      query: ({ serial, description, startMs, endMs }) => ({
        url: cameraBookmarksPath(serial),
        method: 'POST',
        body: { description, startTs: isoTime(startMs), endTs: isoTime(endMs) },
      }),
      async onQueryStarted({ orgId, serial }, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (!answer) return;
        dispatch(
          bookmarksApi.util.updateQueryData('getCameraBookmarks', { orgId, serial }, (draft) => {
            insertBookmark(draft.pages, answer.data);
          }),
        );
      },
    }),
    /** DELETE /api/v1/devices/{serial}/camera/video/bookmarks/{id}: 204 (its creator, or a network administrator). */
    deleteBookmark: build.mutation<null, DeleteBookmarkArg>({
      query: ({ serial, id }) => ({ url: `${cameraBookmarksPath(serial)}/${id}`, method: 'DELETE' }),
      async onQueryStarted({ orgId, serial, id }, { dispatch, queryFulfilled }) {
        if (!(await queryFulfilled.then(() => true, () => false))) return;
        dispatch(
          bookmarksApi.util.updateQueryData('getCameraBookmarks', { orgId, serial }, (draft) => {
            removeBookmark(draft.pages, id);
          }),
        );
      },
    }),
  }),
});

export const { useGetCameraBookmarksInfiniteQuery, useCreateBookmarkMutation, useDeleteBookmarkMutation } =
  bookmarksApi;
