import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_MIN_DURATION_S, DEFAULT_RANGE_MS, DEFAULT_SENSITIVITY } from './constants';
import { fullFrame, type Grid } from './roi';
import type { MotionEvent, Roi } from './types';

export type SearchMode = 'basic' | 'advanced';
/** Per camera: set the parameters, then view the results (spec 03 §2). */
export type SearchPhase = 'initialize' | 'results';

/** What the user chose (spec 03 §3 "Search request"). */
export interface SearchParams {
  startMs: number;
  endMs: number;
  mode: SearchMode;
  roi: Roi;
  sensitivity: number;
  minDurationS: number;
  /**
   * What follows "now": 'range' (the default and the presets: the last N hours), 'end' (a start was picked, the end
   * is still now) or null (an end was picked). Opening the drawer or searching later moves what follows to the new
   * now, so the newest motion is never left out and a picked time never moves.
   */
  followsNow: 'range' | 'end' | null;
}

/** Motion search per camera (spec 03 §3): range, roi, filters (in params), events, progress, errors, focus, phase. */
export interface CameraSearch {
  phase: SearchPhase;
  params: SearchParams;
  /** Id of the running or last search; answers of older searches are ignored. */
  searchId: number;
  /** Newest first. */
  events: MotionEvent[];
  /** 0 when started, 1 when done or failed. */
  progress: number;
  errors: string[];
  focusedIndex: number | null;
  focusedSubIndex: number;
}

export type MotionSearchState = Record<number, CameraSearch>;

export function defaultParams(nowMs: number, grid?: Grid): SearchParams {
  return {
    startMs: nowMs - DEFAULT_RANGE_MS,
    endMs: nowMs,
    mode: 'basic',
    roi: fullFrame(grid),
    sensitivity: DEFAULT_SENSITIVITY,
    minDurationS: DEFAULT_MIN_DURATION_S,
    followsNow: 'range',
  };
}

/** The range at nowMs: what follows now moves there (a span keeps its length); picked times stay. */
export function rangeAt(params: SearchParams, nowMs: number): SearchParams {
  if (params.followsNow === 'range') return { ...params, startMs: nowMs - (params.endMs - params.startMs), endMs: nowMs };
  if (params.followsNow === 'end') return { ...params, endMs: nowMs };
  return params;
}

export function newCameraSearch(nowMs: number, grid?: Grid): CameraSearch {
  return {
    phase: 'initialize',
    params: defaultParams(nowMs, grid),
    searchId: 0,
    events: [],
    progress: 0,
    errors: [],
    focusedIndex: null,
    focusedSubIndex: 0,
  };
}

/** Filters actually sent: basic mode searches the whole frame with the default sensitivity and duration. */
export function effectiveFilters(params: SearchParams): { roi?: Roi; sensitivity: number; minDurationMs: number } {
  if (params.mode === 'basic') return { sensitivity: DEFAULT_SENSITIVITY, minDurationMs: DEFAULT_MIN_DURATION_S * 1000 };
  return { roi: params.roi, sensitivity: params.sensitivity, minDurationMs: params.minDurationS * 1000 };
}

type ForCamera<T = object> = PayloadAction<{ cameraId: number } & T>;

export const motionSearchSlice = createSlice({
  name: 'motionSearch',
  initialState: {} as MotionSearchState,
  reducers: {
    /** Makes sure every camera of the set has a state. */
    camerasSynced(state, action: PayloadAction<{ cameras: { id: number; grid: Grid }[]; nowMs: number }>) {
      for (const { id, grid } of action.payload.cameras) state[id] ??= newCameraSearch(action.payload.nowMs, grid);
    },
    /** A new end or start without followsNow is a picked one: it stays where it is. */
    paramsChanged(state, action: ForCamera<{ params: Partial<SearchParams> }>) {
      const search = state[action.payload.cameraId];
      if (!search) return;
      const { params } = action.payload;
      let followsNow = search.params.followsNow;
      if (params.followsNow !== undefined) followsNow = params.followsNow;
      else if (params.endMs !== undefined) followsNow = null;
      else if (params.startMs !== undefined && followsNow === 'range') followsNow = 'end';
      search.params = { ...search.params, ...params, followsNow };
    },
    /** What follows now moves to nowMs (the drawer opens, a search starts). */
    rangeRefreshed(state, action: PayloadAction<{ nowMs: number }>) {
      for (const search of Object.values(state)) search.params = rangeAt(search.params, action.payload.nowMs);
    },
    phaseSet(state, action: ForCamera<{ phase: SearchPhase }>) {
      const search = state[action.payload.cameraId];
      if (search) search.phase = action.payload.phase;
    },
    /** A search begins with progress 0 and events cleared (spec 03 §4). */
    searchStarted(state, action: ForCamera<{ searchId: number }>) {
      const search = state[action.payload.cameraId];
      if (!search) return;
      Object.assign(search, {
        phase: 'results',
        searchId: action.payload.searchId,
        events: [],
        progress: 0,
        errors: [],
        focusedIndex: null,
        focusedSubIndex: 0,
      });
    },
    chunkArrived(state, action: ForCamera<{ searchId: number; events: MotionEvent[]; progress: number }>) {
      const search = state[action.payload.cameraId];
      if (!search || search.searchId !== action.payload.searchId) return;
      search.events.push(...action.payload.events);
      search.progress = Math.min(1, action.payload.progress);
    },
    searchFinished(state, action: ForCamera<{ searchId: number }>) {
      const search = state[action.payload.cameraId];
      if (search && search.searchId === action.payload.searchId) search.progress = 1;
    },
    /** Errors set progress to 1 (spec 03 §8). */
    searchFailed(state, action: ForCamera<{ searchId: number; errors: string[] }>) {
      const search = state[action.payload.cameraId];
      if (!search || search.searchId !== action.payload.searchId) return;
      search.progress = 1;
      search.errors = action.payload.errors;
    },
    focused(state, action: ForCamera<{ index: number | null; subIndex?: number }>) {
      const search = state[action.payload.cameraId];
      if (!search) return;
      const { index } = action.payload;
      search.focusedIndex = index === null ? null : Math.min(Math.max(0, index), search.events.length - 1);
      search.focusedSubIndex = action.payload.subIndex ?? 0;
    },
  },
});

export const searchActions = motionSearchSlice.actions;
export const searchReducer = motionSearchSlice.reducer;

export type ProgressKey = 'searching' | 'searching-ext' | 'end-of-results';

/** Progress 0 'searching', below 1 'searching ext', 1 'end of results' (spec 03 §4). */
export function progressKey(progress: number): ProgressKey {
  if (progress <= 0) return 'searching';
  return progress < 1 ? 'searching-ext' : 'end-of-results';
}
