/** Wall toasts stay this long (spec 02 §9). */
export const WALL_TOAST_MS = 6_000;
/** Width (px) of the wall page's sidebar. */
export const WALL_SIDEBAR_WIDTH_PX = 300;
/**
 * The wall pages ask for the wall list again this often, so a wall deleted or changed elsewhere (another tab, another
 * user, a removed camera's tiles) leaves or changes here without a reload; as often as the camera status refresh.
 */
export const WALL_LIST_REFRESH_MS = 30_000;
