import { http } from 'msw';
import { apiPath, json } from '../../../test/server';
import type { MotionEvent } from '../types';

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
