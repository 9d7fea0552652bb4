/** Business constants of the event search page (spec 03 §5, §9). */

export { MAX_SEARCH_CAMERAS as MAX_EVENT_SEARCH_CAMERAS, MIN_DURATION_MAX_S } from '../motion-search';

/** A date range may span at most this many calendar days ('Please select a maximum of 3 days'). */
export const MAX_RANGE_DAYS = 3;

/** Thumbnail column widths, px. */
export const THUMBNAIL_WIDTHS = { small: 350, medium: 450, large: 800 } as const;
export type ThumbnailSize = keyof typeof THUMBNAIL_WIDTHS;
export const DEFAULT_THUMBNAIL_SIZE: ThumbnailSize = 'medium';

/** Newest to oldest (default) or oldest to newest. */
export type SortOrder = 'descending' | 'ascending';
export const DEFAULT_SORT_ORDER: SortOrder = 'descending';

/** Time inputs step 15 minutes; the time slider has 96 such steps over a day and shifts by 6 hours. */
export const TIME_STEP_MIN = 15;
export const MINUTES_PER_DAY = 24 * 60;
export const SLIDER_STEPS = MINUTES_PER_DAY / TIME_STEP_MIN;
export const SLIDER_SHIFT_MIN = 6 * 60;

/** 00:00 to 00:00 means all day. */
export const ALL_DAY = { start: '00:00', end: '00:00' } as const;

/** The next page loads when the results are scrolled to less than this far from their bottom. */
export const SCROLL_BOTTOM_PX = 2600;

/** Search warnings and toasts stay this long. */
export const NOTICE_MS = 6000;

/** The collapsible filter sidebar's width, px. */
export const SIDEBAR_WIDTH_PX = 320;

/** Colour choices of the clothing and vehicle colour filters (spec 03 §3). */
export const COLOUR_CHOICES = ['red', 'orange', 'yellow', 'green', 'blue', 'purple', 'pink', 'brown', 'blackGray', 'whiteGray'] as const;
export type ColourChoice = (typeof COLOUR_CHOICES)[number];

/** Vehicle types of the vehicle type filter (spec 03 §3). */
export const VEHICLE_TYPES = ['bike', 'motorbike', 'car', 'truck', 'bus', 'other'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];
