import { useCallback, useEffect, useReducer, useRef } from 'react';
import { errorMessages } from '../../../api/apiError';
import type { Camera } from '../../../api/types';
import { useAppDispatch } from '../../../app/hooks';
import type { AppDispatch } from '../../../app/store';
import {
  DEFAULT_SENSITIVITY,
  fetchMotionEvents,
  gridForCamera,
  isFullFrame,
  type MotionEvent,
  type Roi,
  telemetryBatcher,
  telemetryEventId,
} from '../../motion-search';
import type { SortOrder } from '../constants';
import { eventSearchActions, eventSearchReducer, type EventSearchState, initialEventSearchState, isComplete } from '../eventSearchState';
import { planPages, type SearchPage } from '../pages';
import type { DateRange, TimeRange } from '../timeRange';

export interface EventSearchInput {
  networkId: number;
  /** The selected cameras (1..4; none: nothing is searched). */
  cameras: readonly Camera[];
  dates: DateRange;
  times: TimeRange;
  timeZone: string;
}

export interface EventSearchControls {
  state: EventSearchState;
  send: (action: ReturnType<(typeof eventSearchActions)[keyof typeof eventSearchActions]>) => void;
  /** Loads the next page unless one is loading or all are loaded. */
  loadNext: () => void;
  /** Sorts again when complete, else searches again in the new order. */
  changeOrder: (order: SortOrder) => void;
}

interface CameraAnswer {
  camera: Camera;
  events: MotionEvent[];
  /** Messages when the call failed: its events are missing (spec 03 §8: swallowed for event search). */
  failure: string[] | null;
  durationMs: number;
}

interface CameraPage {
  networkId: number;
  searchId: number;
  camera: Camera;
  page: SearchPage;
  /** Absent or the whole frame: no roi sent. */
  roi: Roi | undefined;
  /** Shorter events are left out by the server. */
  minDurationS: number;
}

/** One camera's events in one page's window (feature event_search); a failure answers no events. */
async function loadCamera(dispatch: AppDispatch, request: CameraPage, signal: AbortSignal): Promise<CameraAnswer> {
  const { camera, page, roi } = request;
  const startedMs = Date.now();
  try {
    const events = await fetchMotionEvents(
      dispatch,
      {
        networkId: request.networkId,
        cameraId: camera.id,
        startS: page.startMs / 1000,
        endS: page.endMs / 1000,
        roi: roi && !isFullFrame(roi, gridForCamera(camera)) ? roi : undefined,
        // The page has no sensitivity control (spec 03 §2): the search request's default (spec 03 §3).
        sensitivity: DEFAULT_SENSITIVITY,
        minDurationMs: request.minDurationS * 1000,
        withImages: true,
        // Each event's people and vehicles, for the attribute filters and similar results (results.ts).
        includeAttributes: true,
        feature: 'event_search',
        searchId: request.searchId,
      },
      signal,
    );
    const withCamera = events.map((event) => ({ ...event, cameraId: camera.id }));
    return { camera, events: withCamera, failure: null, durationMs: Date.now() - startedMs };
  } catch (error) {
    return { camera, events: [], failure: errorMessages(error), durationMs: Date.now() - startedMs };
  }
}

/**
 * The event search of the page: resets when the network, cameras, regions, dates, times, zone or minimum event
 * duration (sent with each request, as the server leaves shorter events out) change; loads pages
 * (one day window on every camera, the cameras' calls in parallel) when asked; a camera whose call fails adds no
 * events and is reported through `onCameraFailed`. Each camera's call of a page queues one telemetry event.
 */
export function useEventSearch(
  input: EventSearchInput,
  onCameraFailed: (camera: Camera, messages: string[]) => void,
): EventSearchControls {
  const dispatch = useAppDispatch();
  const [state, send] = useReducer(eventSearchReducer, initialEventSearchState);
  const latest = useRef({ state, input, onCameraFailed });
  latest.current = { state, input, onCameraFailed };
  const controller = useRef(new AbortController());
  const searchIds = useRef(0);
  const inFlight = useRef(false);

  const restart = useCallback((sortOrder: SortOrder) => {
    const { cameras, dates, times, timeZone } = latest.current.input;
    controller.current.abort();
    controller.current = new AbortController();
    inFlight.current = false;
    searchIds.current += 1;
    const pages = cameras.length === 0 ? [] : planPages(dates, times, timeZone, Date.now(), sortOrder);
    send(eventSearchActions.searchReset({ searchId: searchIds.current, pages, sortOrder }));
  }, []);

  const regionKey = input.cameras.map((camera) => JSON.stringify(state.regions[camera.id] ?? null)).join(';');
  const searchKey = [
    input.networkId,
    input.cameras.map((camera) => camera.id).join(','),
    regionKey,
    input.dates.from,
    input.dates.to,
    input.times.start,
    input.times.end,
    input.timeZone,
    state.filters.minEventLengthS,
  ].join('|');
  useEffect(() => restart(latest.current.state.sortOrder), [searchKey, restart]);
  useEffect(() => () => controller.current.abort(), []);

  const loadNext = useCallback(() => {
    const { state: current, input: search } = latest.current;
    const page = current.pages[current.page];
    if (inFlight.current || !page) return;
    inFlight.current = true;
    const { searchId, regions, filters } = current;
    const { signal } = controller.current;
    send(eventSearchActions.pageStarted({ searchId }));
    const loads = search.cameras.map((camera) =>
      loadCamera(
        dispatch,
        { networkId: search.networkId, searchId, camera, page, roi: regions[camera.id], minDurationS: filters.minEventLengthS },
        signal,
      ).then((answer) => {
        if (answer.failure === null) {
          telemetryBatcher(dispatch).queue({
            cameraId: camera.id,
            networkId: search.networkId,
            searchDuration: answer.durationMs,
            resultCount: answer.events.length,
            withPeople: filters.people,
            withVehicles: filters.vehicles,
            withNightmode: filters.showNightmode,
            includeAttributes: true,
            feature: 'event_search',
            eventId: telemetryEventId(),
            startTime: Math.floor(page.startMs / 1000),
            endTime: Math.ceil(page.endMs / 1000),
          });
        }
        return answer;
      }),
    );

    void Promise.all(loads).then((answers) => {
      if (signal.aborted) return;
      inFlight.current = false;
      const failed = answers.filter((answer) => answer.failure !== null);
      const alreadyFailed = new Set(latest.current.state.failedCameras);
      send(
        eventSearchActions.pageLoaded({
          searchId,
          events: answers.flatMap((answer) => answer.events),
          failedCameras: failed.map((answer) => answer.camera.id),
        }),
      );
      for (const answer of failed) {
        if (!alreadyFailed.has(answer.camera.id)) latest.current.onCameraFailed(answer.camera, answer.failure ?? []);
      }
    });
  }, [dispatch]);

  const changeOrder = useCallback(
    (order: SortOrder) => {
      const current = latest.current.state;
      if (order === current.sortOrder) return;
      if (isComplete(current) && current.pages.length > 0) send(eventSearchActions.resorted(order));
      else restart(order);
    },
    [restart],
  );

  return { state, send, loadNext, changeOrder };
}
