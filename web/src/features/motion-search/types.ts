/**
 * Shapes of `GET /n/{networkId}/manage/cameras/motion_search` (from `api/schema.gen.ts`) and of the request and
 * `POST /manage/video/motion_search_telemetry` as the portal builds them.
 */
import type { components } from '../../api/schema.gen';

export type MotionSearchFeature = 'event_search' | 'motion_search' | 'timeline';

/** Region of interest in grid cells (spec 02 §3). */
export interface Roi {
  x: number;
  y: number;
  w: number;
  h: number;
}

type Schemas = components['schemas'];

export type MotionSubevent = Schemas['MotionSubevent'];
/**
 * One event: times in UNIX seconds, image paths the browser loads with its cookie, and the people and vehicles whose
 * tracks overlap it (`has_people`, colour and type labels; each object in `attributes` when asked with
 * `include_attributes=true`).
 */
export type MotionEvent = Schemas['MotionEvent'];
/** One object (track) of an event (spec 03 §3 "Attribute of an event"): colour and type bitmasks, `{cameraId}-{object_id}` id. */
export type EventAttribute = Schemas['EventAttribute'];
/** `subevents` are the events (sorted by ts ascending); the camera's motion grid. */
export type MotionSearchAnswer = Schemas['MotionSearchResult'];

export interface MotionSearchArg {
  networkId: number;
  cameraId: number;
  /** UNIX seconds, start < end, at most 96 h apart. */
  startS: number;
  endS: number;
  /** Omitted: the whole frame. */
  roi?: Roi;
  sensitivity?: number;
  minDurationMs?: number;
  withImages: boolean;
  /** Each event lists its objects in `attributes` (`include_attributes=true`). */
  includeAttributes?: boolean;
  feature: MotionSearchFeature;
  /**
   * Not sent: keeps the requests of different searches apart in the RTK Query cache, which would otherwise join a new
   * search's request to an identical one of a cancelled search still in flight.
   */
  searchId?: number;
}

export interface MotionTelemetryEvent {
  cameraId: number;
  networkId: number;
  /** How long the search took, ms. */
  searchDuration: number;
  resultCount: number;
  withPeople: boolean;
  withVehicles: boolean;
  withNightmode: boolean;
  includeAttributes: boolean;
  feature: MotionSearchFeature;
  /** One id per search. */
  eventId: string;
  /** Searched range, UNIX seconds. */
  startTime: number;
  endTime: number;
}

export interface MotionTelemetryBody {
  clientApp: { name: string; appVersion: string };
  telemetryEvents: MotionTelemetryEvent[];
}
