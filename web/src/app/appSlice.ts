import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Env } from '../api/types';
import { DEFAULT_SHARD_ID } from './constants';

export type AppStatus = 'initializing' | 'ready' | 'error';

export interface AppState {
  status: AppStatus;
  env: Env | null;
  /** Errors stored by the start-up flow; listed on the init-error screen. */
  errors: string[];
  updateAvailable: boolean;
  fullPage: boolean;
  /** API base path is `/n{shardId}`. */
  shardId: number;
  csrfToken: string | null;
  /** Local flag set from the has_camera_no_analytics feature (non-administrators). */
  noAnalytics: boolean;
}

export const initialAppState: AppState = {
  status: 'initializing',
  env: null,
  errors: [],
  updateAvailable: false,
  fullPage: false,
  shardId: DEFAULT_SHARD_ID,
  csrfToken: null,
  noAnalytics: false,
};

export const appSlice = createSlice({
  name: 'app',
  initialState: initialAppState,
  reducers: {
    initStarted(state) {
      state.status = 'initializing';
      state.errors = [];
    },
    initSucceeded(state) {
      state.status = 'ready';
    },
    initFailed(state, action: PayloadAction<string[]>) {
      state.status = 'error';
      state.errors = action.payload;
    },
    envLoaded(state, action: PayloadAction<Env>) {
      state.env = action.payload;
    },
    shardChanged(state, action: PayloadAction<number>) {
      state.shardId = action.payload;
    },
    csrfTokenReceived(state, action: PayloadAction<string>) {
      state.csrfToken = action.payload;
    },
    fullPageSet(state, action: PayloadAction<boolean>) {
      state.fullPage = action.payload;
    },
    noAnalyticsSet(state, action: PayloadAction<boolean>) {
      state.noAnalytics = action.payload;
    },
    updateFound(state) {
      state.updateAvailable = true;
    },
  },
});

export const appActions = appSlice.actions;
