/** Business constants of the exports page (spec 03 §4, §5, §9). */

/** The table's page sizes; newest first. */
export const EXPORT_PAGE_SIZES = [8, 12, 24, 48] as const;
export const DEFAULT_EXPORT_PAGE_SIZE = 8;

/** Jobs still queued, scheduled or running are asked for again by id this often. */
export const EXPORT_POLL_MS = 5_000;

/** A finished export whose file is deleted in fewer than 7 days is 'expiring soon'. */
export const EXPIRING_SOON_MS = 7 * 24 * 60 * 60_000;

/** A queued job older than this shows 'Queued (Long wait time)'. */
export const QUEUED_DELAYED_MS = 60 * 60_000;

/** The creation-date filter starts at the last year. */
export const DEFAULT_CREATED_RANGE_YEARS = 1;

/** Success and action-failure toasts stay 6 s; export notifications 15 s; a failed combine 30 s. */
export const EXPORT_TOAST_MS = 6_000;
export const EXPORT_NOTIFICATION_MS = 15_000;
export const EXPORT_ERROR_MS = 30_000;

/** The search box asks the server after this much idle typing. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The feature flags the page reads (spec 03 §6). */
export const LINK_CREATION_HIDDEN_FLAG = 'has_camera_link_creation_ui_hidden';
export const QUEUE_JUMPING_FLAG = 'has_camera_export_queue_jumping';
/** The 'Video Exports V2' beta banner shows with this flag. */
export const EXPORTS_V2_BETA_FLAG = 'has_camera_silk_road';
/** Preference key (under hideNotifications) remembering that the beta banner was hidden. */
export const EXPORTS_V2_BETA_NOTICE_KEY = 'videoExportsV2Beta';

/** Side drawer key of the camera page's exports drawer (spec 03 §2 "Side drawers"). */
export const EXPORTS_CAMERA_DRAWER = 'EXPORTS_CAMERA';
/** Side drawer key of the wall page's exports drawer (spec 03 §2 "Video wall exports drawer"). */
export const EXPORTS_VIDEO_WALL_DRAWER = 'EXPORTS_VIDEO_WALL';

/** The drawer's export range starts as the last 10 minutes (spec 03 §5). */
export const DEFAULT_EXPORT_RANGE_MS = 10 * 60_000;

/** A range over 3 hours is exported as files of 3 hours each; the range picker says so (spec 03 §5, §9). */
export const EXPORT_SPLIT_MS = 10_800_000;

/** The drawer's recent exports: the first 25, then 50 more each time the list's end comes within 50 px (§9). */
export const RECENT_EXPORTS_INITIAL = 25;
export const RECENT_EXPORTS_LIMIT = 50;
export const RECENT_EXPORTS_END_MARGIN_PX = 50;
