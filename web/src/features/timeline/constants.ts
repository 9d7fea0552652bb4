/** Business constants of the timeline (spec 02 §4, §7 and §9). */

export interface TimelineLevel {
  /** Visible span of the track. */
  spanMs: number;
  /** Distance between two ticks. */
  tickMs: number;
  /** i18n key (namespace `timeline`) of the level's label. */
  labelKey: string;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Zoom levels 5 min … 1 week with ticks 15 s … 6 h (spec §9). */
export const TIMELINE_LEVELS: readonly TimelineLevel[] = [
  { spanMs: 5 * MINUTE, tickMs: 15 * SECOND, labelKey: 'level-5-min' },
  { spanMs: 15 * MINUTE, tickMs: MINUTE, labelKey: 'level-15-min' },
  { spanMs: 30 * MINUTE, tickMs: 2 * MINUTE, labelKey: 'level-30-min' },
  { spanMs: HOUR, tickMs: 5 * MINUTE, labelKey: 'level-1-h' },
  { spanMs: 4 * HOUR, tickMs: 15 * MINUTE, labelKey: 'level-4-h' },
  { spanMs: 12 * HOUR, tickMs: HOUR, labelKey: 'level-12-h' },
  { spanMs: DAY, tickMs: 2 * HOUR, labelKey: 'level-1-day' },
  { spanMs: 3 * DAY, tickMs: 6 * HOUR, labelKey: 'level-3-days' },
  { spanMs: 7 * DAY, tickMs: 6 * HOUR, labelKey: 'level-1-week' },
];

/** Level the timeline opens at (1 h). */
export const DEFAULT_LEVEL_INDEX = 3;

/** Height (px) of the track and of the whole timeline (spec §9). */
export const TIMELINE_TRACK_HEIGHT_PX = 48;
/** How long a click on a timeline the user may not seek in keeps the reason shown. */
export const NO_SEEK_REASON_SHOWN_MS = 3000;
export const TIMELINE_TOTAL_HEIGHT_PX = 64;

/** Share of the span shown after now when the track follows the present. */
export const FUTURE_MARGIN_RATIO = 0.1;

/** A scroll button moves the window by this share of the span. */
export const SCROLL_STEP_RATIO = 0.5;

/**
 * Tick labels: the intervals a label may repeat at (each level uses those that are multiples of its tick), and the room a
 * label needs on the track — 10 px text, at most this wide per character, and this much free space after it.
 */
export const TICK_LABEL_INTERVALS_MS: readonly number[] = [
  15 * SECOND,
  30 * SECOND,
  MINUTE,
  2 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  7 * DAY,
];
export const TICK_LABEL_CHAR_PX = 6.5;
export const TICK_LABEL_GAP_PX = 8;

/** Selection (spec §4): minimum range, level (index into TIMELINE_LEVELS) and duration it starts with. */
export const MIN_SELECTION_MS = 5000;
export const SELECTION_START_LEVEL = 2;
export const SELECTION_INITIAL_MS = 150_000;

/** Availability (spec §7, §9): 2 h blocks, cache validity, refresh period and debounce. */
export const AVAILABILITY_BLOCK_MS = 7_200_000;
export const CURRENT_BLOCK_VALID_MS = 30_000;
export const OTHER_BLOCK_VALID_MS = 300_000;
export const AVAILABILITY_REFRESH_MS = 30_000;
export const AVAILABILITY_DEBOUNCE_MS = 1000;

/** Motion recap (spec 02 §7, §9): 2 h blocks with the availability cache rules; the current block is fetched again
 * every 30 s, starting 500 ms after the timeline opens or its window settles. */
export const MOTION_BLOCK_MS = 7_200_000;
export const MOTION_REFRESH_MS = 30_000;
export const MOTION_START_DELAY_MS = 500;
/** A motion block is drawn at least this wide. */
export const MIN_MOTION_BLOCK_PX = 2;

/** Clicks at or after now minus this much go live instead of seeking history. */
export const LIVE_EDGE_MS = 1000;

/** A playhead move larger than this is a seek: the window recentres on it. */
export const SEEK_JUMP_MS = 5000;
