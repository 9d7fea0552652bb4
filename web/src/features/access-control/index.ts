// The camera page imports the button and the timeline hook from their files (`components/AccessControlButton`,
// `timeline/timelineAccessEvents`), which load the drawer and the marks as chunks of their own (`loadParts`). Import
// those lazily elsewhere too.
export { AccessControlButton, type AccessControlButtonProps } from './components/AccessControlButton';
export type { AccessControlDrawerProps } from './components/AccessControlDrawer';
export { useTimelineAccessEvents } from './timeline/timelineAccessEvents';
export { useCameraAccess } from './useCameraAccess';
export { accessControlApi } from './accessControlApi';
export type { AccessEvent, AccessActor, CameraAccess, CameraDoor, DoorCameraMapping } from './types';
export {
  ACCESS_CONTROL_DRAWER,
  ACCESS_EVENT_DETAILS_DRAWER,
  ACCESS_EVENTS_PAGE_SIZE,
  ACCESS_EVENTS_REFRESH_MS,
  ACCESS_EVENTS_PAGE_PAUSE_MS,
  DOOR_SEARCH_DEBOUNCE_MS,
} from './constants';
