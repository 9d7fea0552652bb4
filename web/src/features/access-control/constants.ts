/** Business constants of door access control (spec 03 §2, §4, §9; docs/design/access-control.md). */

/** Side drawer keys of the access-control drawer and of its event details drawer (spec 03 §2 "Side drawers"). */
export const ACCESS_CONTROL_DRAWER = 'ACCESS_CONTROL_MANAGEMENT';
export const ACCESS_EVENT_DETAILS_DRAWER = 'ACCESS_EVENT_DETAILS';

/** Events asked for per page, the most the server gives (spec 03 §9). */
export const ACCESS_EVENTS_PAGE_SIZE = 100;

/** Events are asked for again this often while their range includes now (spec 03 §4, §9). */
export const ACCESS_EVENTS_REFRESH_MS = 10_000;

/** The pause between two pages when a whole range is loaded (spec 03 §7, §9). */
export const ACCESS_EVENTS_PAGE_PAUSE_MS = 1000;

/** The activity log's door-name search waits this long after the last key (spec 03 §9). */
export const DOOR_SEARCH_DEBOUNCE_MS = 250;

const HOUR_MS = 3_600_000;

/** The activity log's periods, each ending now (not in the spec); 24 hours first. Events are kept 30 days. */
export const ACTIVITY_PERIODS_MS = [HOUR_MS, 24 * HOUR_MS, 7 * 24 * HOUR_MS, 30 * 24 * HOUR_MS] as const;
export const DEFAULT_ACTIVITY_PERIOD_MS = 24 * HOUR_MS;

/** Timeline marks closer than this share of the track are one mark (its card lists the first few). */
export const MARK_GROUP_PERCENT = 0.5;
/** Events a timeline mark's card lists; the rest are counted. */
export const MARK_CARD_EVENTS = 3;

/** The colour of each kind of event in the activity log (not in the spec). */
export const EVENT_COLORS: Record<string, string> = {
  access_granted: 'green',
  door_unlocked: 'teal',
  access_denied: 'red',
  door_forced_open: 'red',
  door_held_open: 'orange',
};

/** The colour of door events on the timeline, beside the orange motion blocks and the violet bookmarks. */
export const MARK_COLOR = 'var(--mantine-color-cyan-6)';
