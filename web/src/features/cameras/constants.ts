/** Business constants of the camera list and map (spec 01 §2, §3 and §9). */

/** Status refresh period: the list re-fetches the cameras' status fields this often. */
export const STATUS_REFRESH_INTERVAL_MS = 30_000;

/** Every this-many-th status refresh also fetches the channel (fresh snapshot urls). */
export const CHANNEL_REFRESH_EVERY = 120;

/** `fields=` of a plain status refresh: the status and why the camera is offline or not recording. */
export const STATUS_REFRESH_FIELDS = 'id,status,offline_reason,offline_since_ms,recording_problem';

/** `fields=` of every CHANNEL_REFRESH_EVERY-th refresh. */
export const CHANNEL_REFRESH_FIELDS = `${STATUS_REFRESH_FIELDS},channel`;

/** Below this width (px) the side panel starts closed (the shell's mobile breakpoint, spec 01 §9). */
export { MOBILE_BREAKPOINT_PX } from '../../app/constants';

/** Width of the large map modal. */
export const LARGE_MAP_WIDTH = '80vw';

/** Height of the large map inside the modal. */
export const LARGE_MAP_HEIGHT = '70vh';

/** Height (px) of the mini map in the side panel. */
export const MINI_MAP_HEIGHT_PX = 200;

/** Width (px) of the side panel when open. */
export const SIDE_PANEL_WIDTH_PX = 300;

/** Height (px) of one row of the virtual camera list. */
export const LIST_ROW_HEIGHT_PX = 56;

/** Height (px) of a wall of the list's 'Walls' group (no thumbnail). */
export const LIST_WALL_ROW_HEIGHT_PX = 40;

/** Height (px) of a group heading ('Walls', 'Cameras') and of the cameras' empty text under it. */
export const LIST_HEADING_HEIGHT_PX = 32;

/** Rows rendered beyond the visible window of the virtual list. */
export const LIST_OVERSCAN = 10;

/** Opening angle (degrees) of the field-of-view cone drawn for a camera on the floor plan. */
export const FOV_SPREAD_DEG = 60;

/** Radius (px) of the field-of-view cone around a camera dot. */
export const FOV_RADIUS_PX = 28;

/** Diameter (px) of a camera dot on the floor plan. */
export const CAMERA_DOT_SIZE_PX = 12;

/** Where the floor-plan info tooltip sends users who want to place cameras. */
export const FLOOR_PLAN_DOCS_URL = '/docs/floor-plans';

/** Delay (ms) before a list item's hover card opens. */
export const HOVER_CARD_OPEN_DELAY_MS = 300;

/** Local storage key of the last viewed camera (spec 01 §3). */
export function lastViewedCameraKey(userId: number | string, networkId: number | string): string {
  return `mki-last-viewed-camera-${userId}-${networkId}`;
}
