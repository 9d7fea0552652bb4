/** Business constants of the time picker (spec 03 §5, §9). */

/** The clock's minutes and seconds inputs step by 15 ('Time minute and second step is 15'). */
export const CLOCK_STEP = 15;

/** A past-only picker reaches back this many years by default ('earliest date defaults to 1 year ago'). */
export const EARLIEST_YEARS_BACK = 1;

/** The schedule picker reaches this many months ahead ('from now to 1 month ahead'). */
export const SCHEDULE_MONTHS_AHEAD = 1;

/** A typed date outside the bounds moves by this many days towards them ('shift by one week'). */
export const OUT_OF_BOUNDS_SHIFT_DAYS = 7;

/** The start/end picker keeps this gap when it moves the other end (end minus / start plus 1 hour). */
export const RANGE_GAP_MS = 60 * 60 * 1000;

export const MS_PER_MINUTE = 60 * 1000;
export const MS_PER_HOUR = 60 * MS_PER_MINUTE;
