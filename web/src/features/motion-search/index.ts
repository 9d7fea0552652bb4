export {
  MotionSearchButton,
  motionSearchBlocker,
  motionSearchSetBlocker,
  searchableCameras,
  type MotionSearchButtonProps,
} from './components/MotionSearchButton';
// The drawer itself is loaded on demand by MotionSearchButton (its own chunk); import it lazily elsewhere too.
export type { MotionSearchDrawerProps } from './components/MotionSearchDrawer';
export { eventSearchLink } from './eventSearchLink';
export { motionSearchApi } from './motionSearchApi';
export type { EventAttribute, MotionEvent, MotionSearchAnswer, MotionSearchArg, Roi } from './types';
// Pieces the event search page (features/event-search) reuses.
export { ClipPlayer } from './components/ClipPlayer';
export { DownloadImageButton } from './components/DownloadImageButton';
export { EventImage } from './components/EventImage';
export { EventStepper } from './components/EventStepper';
export { RegionEditor } from './components/RegionEditor';
export { DEFAULT_SENSITIVITY, MAX_SEARCH_CAMERAS, MIN_DURATION_MAX_S } from './constants';
export { fullFrame, gridForCamera, isFullFrame, type Grid } from './roi';
export { fetchMotionEvents } from './fetchMotion';
export { snapshotWidthPx, withSnapshotWidth } from './snapshotWidth';
export { telemetryBatcher, telemetryEventId } from './telemetry';
