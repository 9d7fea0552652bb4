import { lazy, type ReactNode, Suspense } from 'react';
import type { Camera } from '../../../api/types';
import type { TimeMode } from '../../timeline/timeFormat';
import type { TimeWindow } from '../../timeline/timeScale';
import { loadBookmarkParts } from '../loadParts';
import { useCanBookmark } from '../useCanBookmark';

/** The marks, their calls and texts are a chunk of their own: the camera page's budget has no room for them. */
const BookmarkMarks = lazy(() =>
  loadBookmarkParts()
    .then((parts) => parts.loadBookmarkMarks())
    .then((module) => ({ default: module.BookmarkMarks })),
);

/**
 * The camera timeline's bookmark marks (`Timeline`'s `marks`), or nothing without the flag has_camera_investigation
 * or the historical right. Part of the camera page's own code: keep it small.
 */
export function useTimelineBookmarks(
  camera: Camera,
  timeZone: string,
  timeMode: TimeMode,
  onSeek: (ms: number) => void,
  /** false until the video has started: the marks' chunk and calls wait for it. */
  enabled = true,
): ((window: TimeWindow) => ReactNode) | undefined {
  if (!useCanBookmark(camera) || !enabled) return undefined;
  return (window) => (
    <Suspense fallback={null}>
      <BookmarkMarks camera={camera} window={window} timeZone={timeZone} timeMode={timeMode} onSeek={onSeek} />
    </Suspense>
  );
}
