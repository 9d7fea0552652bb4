import type { EventAttribute, MotionEvent } from '../motion-search';
import {
  DEFAULT_TOLERANCE,
  MATCH_WINDOW_S,
  type ObjectClass,
  type SimilarityJobErrorKind,
  type SimilarTrack,
} from '../similarity-search';
import type { ResultFilters } from './results';

/** The person or vehicle a similarity search starts from: a track of an event's camera (thumbnail track query). */
export interface SimilarSource {
  serial: string;
  cameraId: number;
  trackId: string;
  objectClass: ObjectClass;
  /** First and last sighting, UTC ms. */
  t0: number;
  t1: number;
  b64Image: string | null;
}

/** A chosen object of the people or vehicle filter (spec 03 §4): the source or one of its similar results. */
export interface SimilarObject {
  /** `{cameraId}-{object_id}`, as the events' attributes name it. */
  id: string;
  cameraId: number;
  objectId: number;
  objectClass: ObjectClass;
  /** First sighting, UNIX seconds. */
  ts: number;
}

/** What choosing needs of the similar results. */
type Offered = Pick<SimilarResults, 'source' | 'tracks' | 'tolerance'>;

/** The similar results of the page (spec 03 §3 "Event-search state": similarResults). */
export interface SimilarResults {
  /** Answers of an older request are dropped. */
  requestId: number;
  source: SimilarSource;
  status: 'loading' | 'ready' | 'failed';
  error: { kind: SimilarityJobErrorKind; messages: string[] } | null;
  /** The job's results, best first. */
  tracks: SimilarTrack[];
  /** 0..70: a result counts when at least 100 - tolerance % similar. */
  tolerance: number;
}

export function newSimilarResults(requestId: number, source: SimilarSource, tolerance = DEFAULT_TOLERANCE): SimilarResults {
  return { requestId, source, status: 'loading', error: null, tracks: [], tolerance };
}

export function objectOfTrack(track: Pick<SimilarTrack, 'cameraId' | 'trackId' | 'objectClass' | 't0'>): SimilarObject {
  const objectId = Number(track.trackId);
  return {
    id: `${track.cameraId}-${objectId}`,
    cameraId: track.cameraId,
    objectId,
    objectClass: track.objectClass,
    ts: Math.floor(track.t0 / 1000),
  };
}

/** A result is within the tolerance when at least 100 - tolerance % similar (the slider is shown inverted). */
export function withinTolerance(track: Pick<SimilarTrack, 'similarityPercent'>, tolerance: number): boolean {
  return track.similarityPercent !== null && track.similarityPercent >= 100 - tolerance;
}

/** The results offered for choosing: those within the tolerance. */
export function offeredTracks(results: Pick<SimilarResults, 'tracks' | 'tolerance'>): SimilarTrack[] {
  return results.tracks.filter((track) => withinTolerance(track, results.tolerance));
}

/** The source and every offered result of a class: what is chosen when results load or the tolerance moves. */
export function chosenOfClass(results: Offered, objectClass: ObjectClass): SimilarObject[] {
  return [results.source, ...offeredTracks(results)]
    .filter((track) => track.objectClass === objectClass)
    .map(objectOfTrack);
}

const CLASS_FILTER = { person: 'similarPeople', vehicle: 'similarVehicles' } as const;
const CLASS_FLAG = { person: 'people', vehicle: 'vehicles' } as const;

/** The filter key holding the chosen objects of a class. */
export function similarKey(objectClass: ObjectClass): 'similarPeople' | 'similarVehicles' {
  return CLASS_FILTER[objectClass];
}

/**
 * Loaded similar results (spec 03 §4): the clothing and vehicle filters are reset, people and vehicles are on for the
 * classes found (the source's and the results'), and each such class is filtered by its chosen objects: the source
 * and the results within the tolerance.
 */
export function filtersForLoaded(filters: ResultFilters, results: Offered): ResultFilters {
  const classes = new Set<ObjectClass>([results.source.objectClass, ...results.tracks.map((track) => track.objectClass)]);
  return {
    ...filters,
    topClothing: [],
    bottomClothing: [],
    vehicleColor: [],
    vehicleType: [],
    people: classes.has('person'),
    vehicles: classes.has('vehicle'),
    similarPeople: classes.has('person') ? chosenOfClass(results, 'person') : [],
    similarVehicles: classes.has('vehicle') ? chosenOfClass(results, 'vehicle') : [],
  };
}

/** A new tolerance chooses again, in the classes whose filter is on, the source and every result within it. */
export function filtersForTolerance(filters: ResultFilters, results: Offered): ResultFilters {
  return {
    ...filters,
    similarPeople: filters.people ? chosenOfClass(results, 'person') : [],
    similarVehicles: filters.vehicles ? chosenOfClass(results, 'vehicle') : [],
  };
}

/** Choosing an object adds it to its class's list (turning that class's filter on); choosing it again removes it. */
export function filtersForChoice(filters: ResultFilters, object: SimilarObject): ResultFilters {
  const key = similarKey(object.objectClass);
  const chosen = filters[key].some((entry) => entry.id === object.id);
  return {
    ...filters,
    [CLASS_FLAG[object.objectClass]]: true,
    [key]: chosen ? filters[key].filter((entry) => entry.id !== object.id) : [...filters[key], object],
  };
}

function overlaps(mask: number | undefined, wanted: number | undefined): boolean {
  return ((mask ?? 0) & (wanted ?? 0)) !== 0;
}

/**
 * The colours or type of `attribute` match those of `known` (the chosen object as an event saw it): a person's top and
 * bottom colours, each where known; a vehicle's type and colour, each where known. Nothing known matches nothing, and
 * colours seen at night (none) match no colour.
 */
export function looksAlike(attribute: EventAttribute, known: EventAttribute): boolean {
  if (attribute.object_class !== known.object_class) return false;
  const night = attribute.nightmode;
  if (attribute.object_class === 'person') {
    const top = known.top ?? 0;
    const bottom = known.bottom ?? 0;
    if ((top === 0 && bottom === 0) || night) return false;
    return (top === 0 || overlaps(attribute.top, top)) && (bottom === 0 || overlaps(attribute.bottom, bottom));
  }
  const type = known.type ?? 0;
  const colour = known.colour ?? 0;
  if (type === 0 && colour === 0) return false;
  return (type === 0 || overlaps(attribute.type, type)) && (colour === 0 || (!night && overlaps(attribute.colour, colour)));
}

/**
 * The similar match (spec 03 §5): an event's attribute matches a chosen object when it is the same object (camera and
 * object id) within 300 s of the event, or when its colours or type match the chosen object's (`known`: its attribute
 * in a loaded event, when there is one).
 */
export function similarMatch(
  event: Pick<MotionEvent, 'ts'>,
  attribute: EventAttribute,
  object: SimilarObject,
  known: EventAttribute | undefined,
): boolean {
  if (attribute.object_class !== object.objectClass) return false;
  const sameObject = attribute.cameraId === object.cameraId && attribute.object_id === object.objectId;
  if (sameObject && Math.abs(event.ts - object.ts) <= MATCH_WINDOW_S) return true;
  return known !== undefined && looksAlike(attribute, known);
}

/** Every loaded event's objects by `{cameraId}-{object_id}` (the first seen of each). */
export function attributeIndex(events: readonly MotionEvent[]): Map<string, EventAttribute> {
  const index = new Map<string, EventAttribute>();
  for (const event of events) {
    for (const attribute of event.attributes ?? []) if (!index.has(attribute.id)) index.set(attribute.id, attribute);
  }
  return index;
}

/**
 * The range a 'Find similar' searches: the page's search (first page start to last page end, UTC ms), or without
 * planned pages the source's own sighting.
 */
export function similarSearchRange(
  pages: readonly { startMs: number; endMs: number }[],
  source: Pick<SimilarSource, 't0' | 't1'>,
): { t0: number; t1: number } {
  if (pages.length === 0) return { t0: source.t0, t1: Math.max(source.t1, source.t0 + 1000) };
  return {
    t0: Math.min(...pages.map((page) => page.startMs)),
    t1: Math.max(...pages.map((page) => page.endMs)),
  };
}
