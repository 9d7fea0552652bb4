// The camera page imports the button and the timeline hook from their files (`components/BookmarkButton`,
// `timeline/timelineBookmarks`), which load the drawer and the marks as chunks of their own (`loadParts`). Import those
// lazily elsewhere too.
export { BookmarkButton, type BookmarkButtonProps } from './components/BookmarkButton';
export type { BookmarksDrawerProps } from './components/BookmarksDrawer';
export { useTimelineBookmarks } from './timeline/timelineBookmarks';
export { useCanBookmark } from './useCanBookmark';
export { bookmarksApi } from './bookmarksApi';
export type { Bookmark, BookmarksPage } from './types';
export { BOOKMARKS_DRAWER, BOOKMARK_WINDOW_MS, BOOKMARKS_PAGE_SIZE, INVESTIGATION_FLAG } from './constants';
