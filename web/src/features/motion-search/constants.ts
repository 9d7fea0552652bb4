/** Business constants of motion search (spec 03 §4, §5, §9; spec 02 §7, §9). */

const HOUR_MS = 3_600_000;

/** Most cameras one search covers (a video wall passes up to this many). */
export const MAX_SEARCH_CAMERAS = 4;

/** The motion grid of the region of interest: 60 by 34; fisheye cameras 60 by 60, 4:3 cameras 60 by 48 (spec 03 §9). */
export const MOTION_GRID = { cols: 60, rows: 34 } as const;
export const FISHEYE_MOTION_GRID = { cols: 60, rows: 60 } as const;
export const FOUR_THREE_MOTION_GRID = { cols: 60, rows: 48 } as const;
/** Cameras narrower than this width/height ratio use the 4:3 grid. */
export const FOUR_THREE_MAX_RATIO = 1.5;
/** Width/height of the region picture when neither the camera's resolution nor its snapshot tells it. */
export const DEFAULT_FRAME_ASPECT = 16 / 9;
/** Tallest the region picture gets, so the search controls stay on screen (CSS length). */
export const REGION_MAX_HEIGHT = '36dvh';

/** Sensitivity slider 1..100, default 100. */
export const SENSITIVITY_MIN = 1;
export const SENSITIVITY_MAX = 100;
export const DEFAULT_SENSITIVITY = 100;

/** Minimum event duration slider 0..30 s, default 0. */
export const MIN_DURATION_MAX_S = 30;
export const DEFAULT_MIN_DURATION_S = 0;

/** A search goes backwards from the end in chunks of 12 h, doubling up to 96 h. */
export const FIRST_CHUNK_MS = 12 * HOUR_MS;
export const MAX_CHUNK_MS = 96 * HOUR_MS;

/** Range the drawer opens with: the last 24 hours. */
export const DEFAULT_RANGE_MS = 24 * HOUR_MS;

/** Telemetry events are sent in one batch this long after the first one was queued. */
export const TELEMETRY_BATCH_MS = 300_000;

/** clientApp.name of telemetry (the portal's app id, as in the X-Argus-App header). */
export const TELEMETRY_CLIENT_NAME = 'portal';

/** Preference key (under hideNotifications) of the hideable help notice. */
export const HELP_NOTICE_KEY = 'motionSearchHelp';

/** Side drawer key of the camera page (spec 03 §2 "Side drawers"). */
export const MOTION_SEARCH_CAMERA_DRAWER = 'MOTION_SEARCH_CAMERA';
