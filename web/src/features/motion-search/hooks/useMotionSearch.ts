import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import type { Camera } from '../../../api/types';
import { useAppDispatch } from '../../../app/hooks';
import { planChunks } from '../chunks';
import { fetchMotionEvents } from '../fetchMotion';
import { gridForCamera } from '../roi';
import { runChunkedSearch } from '../runSearch';
import {
  type CameraSearch,
  effectiveFilters,
  rangeAt,
  type SearchParams,
  type SearchPhase,
  searchActions,
  searchReducer,
} from '../searchState';
import { telemetryBatcher, telemetryEventId } from '../telemetry';

export interface MotionSearchControls {
  searches: Record<number, CameraSearch>;
  setParams: (cameraId: number, params: Partial<SearchParams>) => void;
  setPhase: (cameraId: number, phase: SearchPhase) => void;
  /** Starts a search with the camera's parameters; a running search of that camera is cancelled. */
  start: (cameraId: number) => void;
  focus: (cameraId: number, index: number | null, subIndex?: number) => void;
  /** Moves ranges that end now to this moment (the drawer opens). */
  refreshRange: () => void;
}

/**
 * Motion searches of a camera set (1..4): per camera state, searches running backwards in chunks through the base
 * client, cancellation of the previous search (its requests are aborted), and a telemetry event per completed search.
 */
export function useMotionSearch(networkId: number, cameras: readonly Camera[]): MotionSearchControls {
  const dispatch = useAppDispatch();
  const [searches, send] = useReducer(searchReducer, {});
  const latest = useRef(searches);
  latest.current = searches;
  const controllers = useRef(new Map<number, AbortController>());
  const nextSearchId = useRef(0);
  const latestCameras = useRef(cameras);
  latestCameras.current = cameras;
  const idsKey = cameras.map((camera) => camera.id).join(',');

  useEffect(() => {
    const synced = latestCameras.current.map((camera) => ({ id: camera.id, grid: gridForCamera(camera) }));
    send(searchActions.camerasSynced({ cameras: synced, nowMs: Date.now() }));
  }, [idsKey]);

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      running.clear();
    };
  }, []);

  const start = useCallback(
    (cameraId: number) => {
      const search = latest.current[cameraId];
      if (!search) return;
      controllers.current.get(cameraId)?.abort();
      const controller = new AbortController();
      controllers.current.set(cameraId, controller);
      nextSearchId.current += 1;
      const searchId = nextSearchId.current;
      // A range that ends now searches up to this moment; whole seconds (the call's unit), never beyond now.
      const startedAt = Date.now();
      const params = rangeAt(search.params, startedAt);
      const startMs = Math.floor(params.startMs / 1000) * 1000;
      const endMs = Math.max(startMs, Math.floor(Math.min(params.endMs, startedAt) / 1000) * 1000);
      const filters = effectiveFilters(params);
      // A camera of another network (a cross-network wall) is searched through its own network.
      const searchNetworkId = latestCameras.current.find((camera) => camera.id === cameraId)?.network_id ?? networkId;
      send(searchActions.rangeRefreshed({ nowMs: startedAt }));
      send(searchActions.searchStarted({ cameraId, searchId }));

      const fetchChunk = (chunk: { startMs: number; endMs: number }, signal: AbortSignal) =>
        fetchMotionEvents(
          dispatch,
          {
            networkId: searchNetworkId,
            cameraId,
            startS: chunk.startMs / 1000,
            endS: chunk.endMs / 1000,
            ...filters,
            withImages: true,
            feature: 'motion_search',
            searchId,
          },
          signal,
        );

      void runChunkedSearch({
        startMs,
        endMs,
        chunks: planChunks(startMs, endMs),
        fetchChunk,
        signal: controller.signal,
        onChunk: (events, progress) => send(searchActions.chunkArrived({ cameraId, searchId, events, progress })),
      }).then((outcome) => {
        if (controllers.current.get(cameraId) === controller) controllers.current.delete(cameraId);
        if (outcome.status === 'aborted') return;
        if (outcome.status === 'failed') {
          send(searchActions.searchFailed({ cameraId, searchId, errors: outcome.messages }));
          return;
        }
        send(searchActions.searchFinished({ cameraId, searchId }));
        telemetryBatcher(dispatch).queue({
          cameraId,
          networkId: searchNetworkId,
          searchDuration: Date.now() - startedAt,
          resultCount: outcome.resultCount,
          withPeople: false,
          withVehicles: false,
          withNightmode: false,
          includeAttributes: false,
          feature: 'motion_search',
          eventId: telemetryEventId(),
          startTime: Math.floor(startMs / 1000),
          endTime: Math.ceil(endMs / 1000),
        });
      });
    },
    [dispatch, networkId],
  );

  const setParams = useCallback(
    (cameraId: number, params: Partial<SearchParams>) => send(searchActions.paramsChanged({ cameraId, params })),
    [],
  );
  const setPhase = useCallback(
    (cameraId: number, phase: SearchPhase) => send(searchActions.phaseSet({ cameraId, phase })),
    [],
  );
  /** Ranges that end now move to this moment (when the drawer opens). */
  const refreshRange = useCallback(() => send(searchActions.rangeRefreshed({ nowMs: Date.now() })), []);
  const focus = useCallback(
    (cameraId: number, index: number | null, subIndex?: number) =>
      send(searchActions.focused({ cameraId, index, subIndex })),
    [],
  );

  return useMemo(
    () => ({ searches, setParams, setPhase, start, focus, refreshRange }),
    [searches, setParams, setPhase, start, focus, refreshRange],
  );
}
