// The bookmarks drawer and the timeline marks as the camera page loads them: first this small chunk
// (`loadBookmarkParts`), then the part asked for.
export const loadBookmarksDrawer = () => import('./components/BookmarksDrawer');
export const loadBookmarkMarks = () => import('./timeline/BookmarkMarks');
