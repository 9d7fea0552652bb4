import { http } from 'msw';
import { apiPath, json } from '../../../test/server';
import type { EventAttribute, MotionEvent } from '../types';

export const motionSearchPath = apiPath('/n/:networkId/manage/cameras/motion_search');
export const telemetryPath = apiPath('/manage/video/motion_search_telemetry');

/** A motion event starting at `tsS` seconds. */
export function makeEvent(tsS: number, overrides: Partial<MotionEvent> = {}): MotionEvent {
  const durationMs = overrides.duration_ms ?? 4000;
  return {
    ts: tsS,
    end_ts: tsS + durationMs / 1000,
    duration_ms: durationMs,
    img_url: [`/n1/cameras/1001/motion/${tsS}.jpg`],
    intensity_frame: 40,
    intensity_roi: 60,
    has_people: false,
    has_moving_people: false,
    has_vehicles: false,
    has_moving_vehicles: false,
    has_object_maps: false,
    nightmode: false,
    index: 0,
    cameraId: 1001,
    subevents: [],
    ...overrides,
  };
}

/** Bits of the API's colour order (red, orange, yellow, green, blue, purple, pink, brown, blackGray, whiteGray). */
export const COLOUR_BIT = { red: 1, orange: 2, yellow: 4, green: 8, blue: 16, purple: 32, pink: 64, brown: 128, blackGray: 256, whiteGray: 512 };
/** Bits of the API's vehicle type order (bike, motorbike, car, truck, bus, other). */
export const TYPE_BIT = { bike: 1, motorbike: 2, car: 4, truck: 8, bus: 16, other: 32 };

/** An object (track) `objectId` of camera `cameraId` seen at `tsS` (a person unless told). */
export function makeAttribute(cameraId: number, objectId: number, tsS: number, overrides: Partial<EventAttribute> = {}): EventAttribute {
  return {
    id: `${cameraId}-${objectId}`,
    object_id: objectId,
    object_class: 'person',
    cameraId,
    ts: tsS,
    t0: tsS * 1000,
    t1: tsS * 1000 + 3000,
    nightmode: false,
    ...overrides,
  };
}

export interface MotionRequest {
  params: URLSearchParams;
  signal: AbortSignal;
}

/**
 * The answer to a motion_search query over `events`: those whose ts lies in [start, end) and that last at least
 * `min_duration_ms` (with `byCamera`, only those whose cameraId is the query's id), oldest first.
 */
export function motionAnswer(events: MotionEvent[], params: URLSearchParams, byCamera = false) {
  const start = Number(params.get('start'));
  const end = Number(params.get('end'));
  const id = Number(params.get('id'));
  const minDurationMs = Number(params.get('min_duration_ms') ?? 0);
  const inRange = events
    .filter((event) => event.ts >= start && event.ts < end && event.duration_ms >= minDurationMs)
    .filter((event) => !byCamera || event.cameraId === id)
    .sort((a, b) => a.ts - b.ts);
  return { subevents: inRange, grid: { cols: 60, rows: 34 } };
}

/** A motion_search handler answering `motionAnswer` for each request; records every request's query and signal. */
export function motionHandler(events: MotionEvent[], log: MotionRequest[] = [], byCamera = false) {
  return http.get(motionSearchPath, ({ request }) => {
    const params = new URL(request.url).searchParams;
    log.push({ params, signal: request.signal });
    return json(motionAnswer(events, params, byCamera));
  });
}
