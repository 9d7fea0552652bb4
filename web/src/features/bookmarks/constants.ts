/** Business constants of clip bookmarks (spec 03 §2, §5, §6, §9). */

/** Side drawer key of the camera page's bookmarks drawer (spec 03 §2 "Side drawers"). */
export const BOOKMARKS_DRAWER = 'BOOKMARKS';

/** Feature flag of bookmarks (spec 03 §6). */
export const INVESTIGATION_FLAG = 'has_camera_investigation';

/** A new bookmark's timeframe: the current time +/- this much, capped at now (spec 03 §5, §9). */
export const BOOKMARK_WINDOW_MS = 300_000;

/** Bookmarks asked for per page (spec 03 §9). */
export const BOOKMARKS_PAGE_SIZE = 30;

/** Longest bookmark the server accepts (docs/api/openapi.yaml: 24 hours); the timeline looks this far back. */
export const MAX_BOOKMARK_MS = 24 * 3_600_000;

/** Longest description the server accepts (docs/api/openapi.yaml). */
export const DESCRIPTION_MAX_LENGTH = 1000;

/** The saved list asks for the next page when scrolled this close to its bottom (not in the spec). */
export const LIST_BOTTOM_MARGIN_PX = 100;
