import type { components, paths } from '../../api/schema.gen';

/** A clip bookmark (spec 03 §3); times are ISO 8601 UTC strings. */
export type Bookmark = components['schemas']['Bookmark'];

type ListBookmarks = paths['/api/v1/organizations/{orgId}/camera/video/bookmarks']['get'];

/** One page of `GET /api/v1/organizations/{orgId}/camera/video/bookmarks`: items and how many older ones remain. */
export type BookmarksPage = ListBookmarks['responses']['200']['content']['application/json'];

/** A camera's bookmarks are cached per camera serial (spec 03 §3). */
export interface CameraBookmarksArg {
  orgId: number;
  serial: string;
}

export interface CreateBookmarkArg extends CameraBookmarksArg {
  description: string;
  startMs: number;
  endMs: number;
}

export interface DeleteBookmarkArg extends CameraBookmarksArg {
  id: number;
}

/** Where a further page starts: bookmarks starting before `endingBefore`, or at it with an id below `endingBeforeId`. */
export interface BookmarksCursor {
  endingBefore: string;
  endingBeforeId: number;
}
