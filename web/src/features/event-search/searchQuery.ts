import { ALL_DAY, MAX_EVENT_SEARCH_CAMERAS, MAX_RANGE_DAYS, MINUTES_PER_DAY } from './constants';
import { addDays, clockMinutes, clockText, type DateRange, daysApart, isDay, type TimeRange, toStep } from './timeRange';

/**
 * What the address keeps (spec 03 §2; the motion search drawer's link writes the same): `cameras` (comma-separated
 * ids), `from` and `to` (`YYYY-MM-DD`), `start` and `end` (`HH:mm`), all in the network's zone.
 */
export interface EventSearchQuery {
  cameraIds: number[];
  dates: DateRange;
  times: TimeRange;
}

/** Camera ids of the `cameras` parameter: positive integers, without repeats, at most 4 (the first ones). */
function parseCameraIds(text: string | null): number[] {
  const ids = (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d{1,15}$/.test(part))
    .map(Number)
    .filter((id) => id > 0);
  return [...new Set(ids)].slice(0, MAX_EVENT_SEARCH_CAMERAS);
}

/**
 * The dates of `from` and `to`: missing or invalid days fall back to today; days after today become today; reversed
 * days are swapped; a range longer than 3 days keeps its last 3 days.
 */
function parseDates(fromText: string | null, toText: string | null, today: string): DateRange {
  const day = (text: string | null, fallback: string) => {
    const value = text && isDay(text) ? text : fallback;
    return daysApart(value, today) < 0 ? today : value;
  };
  let to = day(toText, today);
  let from = day(fromText, to);
  if (daysApart(from, to) < 0) [from, to] = [to, from];
  if (daysApart(from, to) >= MAX_RANGE_DAYS) from = addDays(to, -(MAX_RANGE_DAYS - 1));
  return { from, to };
}

/**
 * The times of `start` and `end`: both valid `HH:mm` or all day. They are put on the 15-minute steps of the inputs:
 * the start rounded down, the end rounded up (so the range still holds what was asked).
 */
function parseTimes(startText: string | null, endText: string | null): TimeRange {
  const start = startText === null ? null : clockMinutes(startText);
  const end = endText === null ? null : clockMinutes(endText);
  if (start === null || end === null) return { ...ALL_DAY };
  const startStep = toStep(start, false);
  const endStep = Math.min(MINUTES_PER_DAY, toStep(end, true));
  // Equal, or an overnight range whose ends fall in one step (nearly a whole day): all day.
  if (start === end || (start > end && startStep < endStep)) return { ...ALL_DAY };
  return { start: clockText(startStep), end: clockText(endStep) };
}

export function parseSearchQuery(params: URLSearchParams, today: string): EventSearchQuery {
  return {
    cameraIds: parseCameraIds(params.get('cameras')),
    dates: parseDates(params.get('from'), params.get('to'), today),
    times: parseTimes(params.get('start'), params.get('end')),
  };
}

/** The query string of a search (`?cameras=1001,1002&from=…`), commas and colons left readable. */
export function searchQueryString(query: EventSearchQuery): string {
  const params = new URLSearchParams();
  if (query.cameraIds.length > 0) params.set('cameras', query.cameraIds.join(','));
  params.set('from', query.dates.from);
  params.set('to', query.dates.to);
  params.set('start', query.times.start);
  params.set('end', query.times.end);
  return `?${params.toString().replace(/%2C/g, ',').replace(/%3A/g, ':')}`;
}
