import { lazy, type ReactNode, Suspense } from 'react';
import type { Camera } from '../../../api/types';
import type { TimeMode } from '../../timeline/timeFormat';
import type { TimeWindow } from '../../timeline/timeScale';
import { loadAccessControlParts } from '../loadParts';
import { useCameraAccess } from '../useCameraAccess';

/** The marks, their calls and texts are a chunk of their own: the camera page's budget has no room for them. */
const AccessEventMarks = lazy(() =>
  loadAccessControlParts()
    .then((parts) => parts.loadAccessEventMarks())
    .then((module) => ({ default: module.AccessEventMarks })),
);

/**
 * The camera timeline's door-event marks (`Timeline`'s `marks`, spec 02 §2), or nothing when the camera has no door
 * (see `useCameraAccess`) or the user may not see its recorded video (the marks seek to it, as bookmarks do). Part of
 * the camera page's own code: keep it small.
 */
export function useTimelineAccessEvents(
  camera: Camera,
  timeZone: string,
  timeMode: TimeMode,
  onSeek: (ms: number) => void,
  /** false until the video has started: the marks' chunk and calls wait for it. */
  enabled = true,
): ((window: TimeWindow) => ReactNode) | undefined {
  const access = useCameraAccess(camera);
  if (!enabled || !access || camera.permissions?.historical === false) return undefined;
  return (window) => (
    <Suspense fallback={null}>
      <AccessEventMarks
        orgId={camera.organization_id}
        doors={access.doors}
        window={window}
        timeZone={timeZone}
        timeMode={timeMode}
        onSeek={onSeek}
      />
    </Suspense>
  );
}
