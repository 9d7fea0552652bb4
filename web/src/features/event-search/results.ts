import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { EventAttribute, MotionEvent } from '../motion-search';
import { COLOUR_CHOICES, type ColourChoice, type SortOrder, VEHICLE_TYPES, type VehicleType } from './constants';
import { attributeIndex, similarMatch, type SimilarObject } from './similarResults';

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
  /**
   * Chosen similar objects (spec 03 §4): while a list is not empty it replaces its class's test (`has_people` /
   * `has_vehicles`): an event needs an object of that class matching one of them (similarResults.ts `similarMatch`).
   */
  similarPeople: SimilarObject[];
  similarVehicles: SimilarObject[];
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
  similarPeople: [],
  similarVehicles: [],
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
 * Turning the people or vehicles filter off clears its colours and type (spec 03 §4), and its similar objects. Returns
 * the filters to apply.
 */
export function withDetectionCleared(change: Partial<ResultFilters>): Partial<ResultFilters> {
  return {
    ...change,
    ...(change.people === false && { topClothing: [], bottomClothing: [], similarPeople: [] }),
    ...(change.vehicles === false && { vehicleColor: [], vehicleType: [], similarVehicles: [] }),
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
    filters.similarPeople.length > 0 ||
    filters.similarVehicles.length > 0 ||
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

/** A bitmask of choices: bit i is the i-th of `all` (the colour and vehicle type order of the API). */
export function choiceMask<T extends string>(chosen: readonly T[], all: readonly T[]): number {
  return chosen.reduce((mask, choice) => mask | (1 << all.indexOf(choice)), 0);
}

/** The attribute filters as bitmasks; 0 where nothing is chosen. */
interface AttributeMasks {
  top: number;
  bottom: number;
  vehicleColor: number;
  vehicleType: number;
}

function attributeMasks(filters: ResultFilters): AttributeMasks {
  return {
    top: choiceMask(filters.topClothing, COLOUR_CHOICES),
    bottom: choiceMask(filters.bottomClothing, COLOUR_CHOICES),
    vehicleColor: choiceMask(filters.vehicleColor, COLOUR_CHOICES),
    vehicleType: choiceMask(filters.vehicleType, VEHICLE_TYPES),
  };
}

/** Nothing wanted, or one of the wanted bits. */
function fits(mask: number | undefined, wanted: number): boolean {
  return wanted === 0 || ((mask ?? 0) & wanted) !== 0;
}

/**
 * An object passes the attribute filters of its class: a person with one of the chosen top colours and one of the
 * chosen bottom colours (each only when chosen); a vehicle with one of the chosen colours and types. Colours are not
 * seen at night: an object or event in night mode matches no colour filter (a type filter still).
 */
function attributePasses(attribute: EventAttribute, nightmode: boolean, masks: AttributeMasks): boolean {
  const night = nightmode || attribute.nightmode;
  if (attribute.object_class === 'person') {
    if (night && (masks.top !== 0 || masks.bottom !== 0)) return false;
    return fits(attribute.top, masks.top) && fits(attribute.bottom, masks.bottom);
  }
  if (night && masks.vehicleColor !== 0) return false;
  return fits(attribute.colour, masks.vehicleColor) && fits(attribute.type, masks.vehicleType);
}

interface ObjectTest {
  filters: ResultFilters;
  masks: AttributeMasks;
  known: Map<string, EventAttribute>;
}

/**
 * An event passes the people (or vehicle) filter: without attribute filters or similar objects of that class, it has
 * people (vehicles); with them, one of its objects of that class passes the attribute filters and, with similar
 * objects chosen, matches one of them.
 */
function classPasses(event: MotionEvent, objectClass: 'person' | 'vehicle', test: ObjectTest): boolean {
  const { filters, masks } = test;
  const attributesUsed =
    objectClass === 'person' ? masks.top !== 0 || masks.bottom !== 0 : masks.vehicleColor !== 0 || masks.vehicleType !== 0;
  const similar = objectClass === 'person' ? filters.similarPeople : filters.similarVehicles;
  if (!attributesUsed && similar.length === 0) return objectClass === 'person' ? event.has_people : event.has_vehicles;
  return (event.attributes ?? []).some(
    (attribute) =>
      attribute.object_class === objectClass &&
      attributePasses(attribute, event.nightmode, masks) &&
      (similar.length === 0 || similar.some((object) => similarMatch(event, attribute, object, test.known.get(object.id)))),
  );
}

/**
 * The events the filters applied to found events let through (all but the minimum duration, which the server applies),
 * in their order: low light, hidden cameras, then people and/or vehicles — by `has_people` / `has_vehicles`, or by the
 * events' objects (`attributes`) when attribute filters or similar objects are in use.
 */
export function visibleEvents(events: readonly MotionEvent[], filters: ResultFilters): MotionEvent[] {
  const hidden = new Set(filters.hiddenCameras);
  const wantsObjects = filters.people || filters.vehicles;
  const needsIndex = filters.similarPeople.length > 0 || filters.similarVehicles.length > 0;
  const test: ObjectTest = { filters, masks: attributeMasks(filters), known: needsIndex ? attributeIndex(events) : new Map() };
  return events.filter(
    (event) =>
      (filters.showNightmode || !event.nightmode) &&
      !hidden.has(event.cameraId) &&
      (!wantsObjects ||
        (filters.people && classPasses(event, 'person', test)) ||
        (filters.vehicles && classPasses(event, 'vehicle', test))),
  );
}

/** An event seen in night mode, or with an object seen so. */
function seenAtNight(event: MotionEvent): boolean {
  return event.nightmode || (event.attributes ?? []).some((attribute) => attribute.nightmode);
}

/**
 * Cameras with night-mode events that only the colour filters hide (spec 03 §4: the low-light warning), in the order
 * of their first such event.
 */
export function nightHiddenCameras(events: readonly MotionEvent[], filters: ResultFilters): number[] {
  if (filters.topClothing.length + filters.bottomClothing.length + filters.vehicleColor.length === 0) return [];
  const withoutColours = { ...filters, topClothing: [], bottomClothing: [], vehicleColor: [] };
  const shown = new Set(visibleEvents(events, filters));
  const cameras = visibleEvents(events, withoutColours)
    .filter((event) => !shown.has(event) && seenAtNight(event))
    .map((event) => event.cameraId);
  return [...new Set(cameras)];
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
