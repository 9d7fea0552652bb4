/**
 * Loads `lazyParts`, which loads the drawer or the marks. Two steps so that the camera page's own code names one small
 * chunk, once, rather than each part's chunks with their preload lists (file names, which compress badly): 0.09 kB less
 * of the page's 300 kB budget (Brotli, measured). The drawer is asked for on the button's hover or focus and the marks
 * as the timeline shows, so the extra step is no wait a user sees.
 */
export const loadBookmarkParts = () => import('./lazyParts');
