import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { MotionEvent } from '../motion-search';
import type { ColourChoice, SortOrder, VehicleType } from './constants';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(advancedFormat);

/** The page's filters: the minimum duration goes with the search; the others apply to the found events without searching again. */
export interface ResultFilters {
  /** Events shorter than this are left out (0..30 s): sent as the search's `min_duration_ms`; a change searches again. */
  minEventLengthS: number;
  /** Low-light (night mode) events are shown. */
  showNightmode: boolean;
  /** Only events with people and/or vehicles (needs detection on the camera). */
  people: boolean;
  vehicles: boolean;
  /** Attribute filters (need attribute detection); the clothing colours belong to `people`, the vehicle ones to `vehicles`. */
  topClothing: ColourChoice[];
  bottomClothing: ColourChoice[];
  vehicleColor: ColourChoice[];
  vehicleType: VehicleType[];
  /** Cameras whose results are hidden. */
  hiddenCameras: number[];
}

export const DEFAULT_RESULT_FILTERS: ResultFilters = {
  minEventLengthS: 0,
  showNightmode: true,
  people: false,
  vehicles: false,
  topClothing: [],
  bottomClothing: [],
  vehicleColor: [],
  vehicleType: [],
  hiddenCameras: [],
};

/** Clothing colours (people) and vehicle colour and type (vehicles) in use. */
export function attributeFiltersInUse(filters: ResultFilters): { clothing: boolean; vehicle: boolean } {
  return {
    clothing: filters.topClothing.length > 0 || filters.bottomClothing.length > 0,
    vehicle: filters.vehicleColor.length > 0 || filters.vehicleType.length > 0,
  };
}

/**
 * Turning the people or vehicles filter off clears its colours and type (spec 03 §4). Returns the filters to apply.
 */
export function withDetectionCleared(change: Partial<ResultFilters>): Partial<ResultFilters> {
  return {
    ...change,
    ...(change.people === false && { topClothing: [], bottomClothing: [] }),
    ...(change.vehicles === false && { vehicleColor: [], vehicleType: [] }),
  };
}

/** Whether any filter differs from its default (the empty result then offers 'Clear filters'). */
export function hasFilters(filters: ResultFilters): boolean {
  return (
    filters.minEventLengthS > 0 ||
    !filters.showNightmode ||
    filters.people ||
    filters.vehicles ||
    Object.values(attributeFiltersInUse(filters)).some(Boolean) ||
    filters.hiddenCameras.length > 0
  );
}

/** A copy in the chosen order by start time (ties: camera id, then the server's index). */
export function sortEvents(events: readonly MotionEvent[], order: SortOrder): MotionEvent[] {
  const sign = order === 'descending' ? -1 : 1;
  return [...events].sort((a, b) => sign * (a.ts - b.ts || a.cameraId - b.cameraId || a.index - b.index));
}

/** Loading a page appends its events sorted by the chosen order (pages come in that order and do not overlap). */
export function appendPage(events: readonly MotionEvent[], page: readonly MotionEvent[], order: SortOrder): MotionEvent[] {
  return [...events, ...sortEvents(page, order)];
}

/**
 * The events the filters applied to found events let through (all but the minimum duration, which the server applies),
 * in their order. Events carry no attributes yet (no object detection), so an
 * attribute filter in use lets no event through.
 */
export function visibleEvents(events: readonly MotionEvent[], filters: ResultFilters): MotionEvent[] {
  const hidden = new Set(filters.hiddenCameras);
  const wantsObjects = filters.people || filters.vehicles;
  const attributes = attributeFiltersInUse(filters);
  if (attributes.clothing || attributes.vehicle) return [];
  return events.filter(
    (event) =>
      (filters.showNightmode || !event.nightmode) &&
      !hidden.has(event.cameraId) &&
      (!wantsObjects || (filters.people && event.has_people) || (filters.vehicles && event.has_vehicles)),
  );
}

export interface DayGroup {
  /** `YYYY-MM-DD` in the network's zone. */
  day: string;
  /** The events of that day with their position in the whole list (the clip modal steps through the whole list). */
  entries: { event: MotionEvent; index: number }[];
}

/** Consecutive events of the same day (by start, in the zone) form one group; the list's order is kept. */
export function groupByDay(events: readonly MotionEvent[], timeZone: string): DayGroup[] {
  const groups: DayGroup[] = [];
  events.forEach((event, index) => {
    const day = dayjs(event.ts * 1000).tz(timeZone).format('YYYY-MM-DD');
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.entries.push({ event, index });
    else groups.push({ day, entries: [{ event, index }] });
  });
  return groups;
}

/** A day heading such as 'Monday - January 1st' (English) or 'lunes, 1 de enero' (other languages). */
export function dayHeading(day: string, locale: string): string {
  const date = dayjs.utc(day);
  if (locale.startsWith('en')) return date.format('dddd - MMMM Do');
  return new Intl.DateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    date.toDate(),
  );
}
