/**
 * Loads `lazyParts`, which loads the drawer or the timeline marks: two steps, as bookmarks do (see
 * features/bookmarks/loadParts.ts), so that the camera page's own code names one small chunk once rather than each
 * part's chunks with their preload lists. The drawer is asked for on the button's hover or focus and the marks as the
 * timeline shows the camera's doors.
 */
export const loadAccessControlParts = () => import('./lazyParts');
