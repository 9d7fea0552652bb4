import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { MotionEvent, Roi } from '../motion-search';
import { DEFAULT_SORT_ORDER, DEFAULT_THUMBNAIL_SIZE, type SortOrder, type ThumbnailSize } from './constants';
import type { SearchPage } from './pages';
import type { ObjectClass, SimilarTrack } from '../similarity-search';
import { appendPage, DEFAULT_RESULT_FILTERS, type ResultFilters, sortEvents, withDetectionCleared } from './results';
import {
  filtersForChoice,
  filtersForLoaded,
  filtersForTolerance,
  newSimilarResults,
  type SimilarObject,
  type SimilarResults,
  type SimilarSource,
  similarKey,
} from './similarResults';

/**
 * The event search page's state (spec 03 §3 "Event-search state"), kept by the page; cameras, dates and times live in
 * the address (searchQuery.ts).
 */
export interface EventSearchState {
  /** Id of the current search; answers of older searches are dropped. */
  searchId: number;
  sortOrder: SortOrder;
  pages: SearchPage[];
  /** Pages loaded so far (the next one to load is `pages[page]`). */
  page: number;
  loading: boolean;
  /** In the sort order. */
  events: MotionEvent[];
  /** Cameras whose search failed in this search (their events are missing). */
  failedCameras: number[];
  thumbnailSize: ThumbnailSize;
  filters: ResultFilters;
  /** Region of interest per camera id; none means the whole frame. */
  regions: Record<number, Roi>;
  collapsedDates: string[];
  /** Index of the event open in the clip modal, in the list of shown events. */
  selectedEvent: number | null;
  /** The similar results of a 'Find similar' (kept across searches, like the filters); none before one. */
  similarResults: SimilarResults | null;
}

export const initialEventSearchState: EventSearchState = {
  searchId: 0,
  sortOrder: DEFAULT_SORT_ORDER,
  pages: [],
  page: 0,
  loading: false,
  events: [],
  failedCameras: [],
  thumbnailSize: DEFAULT_THUMBNAIL_SIZE,
  filters: DEFAULT_RESULT_FILTERS,
  regions: {},
  collapsedDates: [],
  selectedEvent: null,
  similarResults: null,
};

/** Every page is loaded. */
export function isComplete(state: Pick<EventSearchState, 'page' | 'pages' | 'loading'>): boolean {
  return !state.loading && state.page >= state.pages.length;
}

type ForSearch<T = object> = PayloadAction<{ searchId: number } & T>;

const slice = createSlice({
  name: 'eventSearch',
  initialState: initialEventSearchState,
  reducers: {
    /** A new search: results cleared, pages planned in `sortOrder`. */
    searchReset(state, action: ForSearch<{ pages: SearchPage[]; sortOrder: SortOrder }>) {
      Object.assign(state, {
        searchId: action.payload.searchId,
        sortOrder: action.payload.sortOrder,
        pages: action.payload.pages,
        page: 0,
        loading: false,
        events: [],
        failedCameras: [],
        collapsedDates: [],
        selectedEvent: null,
      });
    },
    pageStarted(state, action: ForSearch) {
      if (state.searchId === action.payload.searchId) state.loading = true;
    },
    /** Appends the page's events sorted by the chosen order. */
    pageLoaded(state, action: ForSearch<{ events: MotionEvent[]; failedCameras: number[] }>) {
      if (state.searchId !== action.payload.searchId) return;
      state.events = appendPage(state.events, action.payload.events, state.sortOrder);
      state.failedCameras = [...new Set([...state.failedCameras, ...action.payload.failedCameras])];
      state.page += 1;
      state.loading = false;
    },
    /** A completed search changes order by sorting again (an incomplete one is reset instead). */
    resorted(state, action: PayloadAction<SortOrder>) {
      state.sortOrder = action.payload;
      state.events = sortEvents(state.events, action.payload);
      state.selectedEvent = null;
    },
    thumbnailSizeSet(state, action: PayloadAction<ThumbnailSize>) {
      state.thumbnailSize = action.payload;
    },
    /** Turning people or vehicles off also clears its colours and type. */
    filtersChanged(state, action: PayloadAction<Partial<ResultFilters>>) {
      state.filters = { ...state.filters, ...withDetectionCleared(action.payload) };
      state.selectedEvent = null;
    },
    filtersCleared(state) {
      state.filters = DEFAULT_RESULT_FILTERS;
      state.selectedEvent = null;
    },
    regionsSet(state, action: PayloadAction<Record<number, Roi>>) {
      state.regions = action.payload;
    },
    /** Day groups collapse and expand. */
    dayToggled(state, action: PayloadAction<string>) {
      const day = action.payload;
      state.collapsedDates = state.collapsedDates.includes(day)
        ? state.collapsedDates.filter((entry) => entry !== day)
        : [...state.collapsedDates, day];
    },
    eventSelected(state, action: PayloadAction<number | null>) {
      state.selectedEvent = action.payload;
    },
    /** 'Find similar': a similarity job for `source` started (its answers carry `requestId`); the tolerance is kept. */
    similarRequested(state, action: PayloadAction<{ requestId: number; source: SimilarSource }>) {
      state.similarResults = newSimilarResults(action.payload.requestId, action.payload.source, state.similarResults?.tolerance);
      state.selectedEvent = null;
    },
    /** Loading similar results resets the attribute filters and filters people or vehicles by the objects found. */
    similarLoaded(state, action: PayloadAction<{ requestId: number; tracks: SimilarTrack[] }>) {
      const results = state.similarResults;
      if (!results || results.requestId !== action.payload.requestId) return;
      Object.assign(results, { status: 'ready', error: null, tracks: action.payload.tracks });
      state.filters = filtersForLoaded(state.filters, results);
      state.selectedEvent = null;
    },
    similarFailed(state, action: PayloadAction<{ requestId: number; error: NonNullable<SimilarResults['error']> }>) {
      const results = state.similarResults;
      if (!results || results.requestId !== action.payload.requestId) return;
      Object.assign(results, { status: 'failed', error: action.payload.error, tracks: [] });
    },
    similarToleranceSet(state, action: PayloadAction<number>) {
      const results = state.similarResults;
      if (!results) return;
      results.tolerance = action.payload;
      if (results.status === 'ready') state.filters = filtersForTolerance(state.filters, results);
      state.selectedEvent = null;
    },
    /** Choosing a similar result adds it to (or removes it from) its class's chosen objects. */
    similarChoiceToggled(state, action: PayloadAction<SimilarObject>) {
      state.filters = filtersForChoice(state.filters, action.payload);
      state.selectedEvent = null;
    },
    /** 'clear filter': the similar objects of that class are removed (its switch stays on). */
    similarFilterCleared(state, action: PayloadAction<ObjectClass>) {
      state.filters = { ...state.filters, [similarKey(action.payload)]: [] };
      state.selectedEvent = null;
    },
    /** Closing the similar results removes them and their chosen objects. */
    similarClosed(state) {
      state.similarResults = null;
      state.filters = { ...state.filters, similarPeople: [], similarVehicles: [] };
      state.selectedEvent = null;
    },
  },
});

export const eventSearchActions = slice.actions;
export const eventSearchReducer = slice.reducer;
