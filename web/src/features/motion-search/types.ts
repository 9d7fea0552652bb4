/**
 * Shapes of `GET /n/{networkId}/manage/cameras/motion_search` and `POST /manage/video/motion_search_telemetry`,
 * written by hand until docs/api/openapi.yaml carries them (then switch to `api/schema.gen.ts`).
 */

export type MotionSearchFeature = 'event_search' | 'motion_search' | 'timeline';

/** Region of interest in grid cells (spec 02 §3). */
export interface Roi {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface MotionSubevent {
  /** Seconds. */
  ts: number;
  duration_ms: number;
  img_url: string | null;
  /** 0..100 */
  motion: number;
  has_people: boolean;
  has_vehicles: boolean;
}

export interface MotionEvent {
  /** Start, UNIX seconds. */
  ts: number;
  /** End, UNIX seconds. */
  end_ts: number;
  duration_ms: number;
  /** Image paths the browser loads with its cookie. */
  img_url: string[];
  intensity_frame: number;
  intensity_roi: number;
  has_people: boolean;
  has_moving_people: boolean;
  has_vehicles: boolean;
  has_moving_vehicles: boolean;
  has_object_maps: boolean;
  nightmode: boolean;
  index: number;
  cameraId: number;
  subevents: MotionSubevent[];
}

export interface MotionSearchAnswer {
  /** Sorted by ts ascending. */
  subevents: MotionEvent[];
  grid: { cols: number; rows: number };
}

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
