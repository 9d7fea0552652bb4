import { createListenerMiddleware, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { PREFERENCES_STORAGE_KEY } from '../../app/constants';

export type Locale = 'en' | 'es';
export const SUPPORTED_LOCALES: readonly Locale[] = ['en', 'es'];

/** User preferences kept in local storage under `mki-preferences` (spec 01 §3). */
export interface Preferences {
  timeMode: 12 | 24;
  locale: Locale;
  theme: 'dark' | 'light';
  showFloorPlan: boolean;
  hideNotifications: Record<string, boolean>;
  showVideoWallLocalTime: boolean;
  autoPlay: boolean;
  /** The camera viewer draws detected objects over recorded video (spec 02 §2 settings menu). */
  showDetectedObjects: boolean;
}

export const DEFAULT_PREFERENCES: Preferences = {
  timeMode: 12,
  locale: 'en',
  theme: 'dark',
  showFloorPlan: true,
  hideNotifications: {},
  showVideoWallLocalTime: false,
  autoPlay: true,
  showDetectedObjects: false,
};

export const LOCAL_STORAGE_ERROR = 'Unable to access Local Storage';

/** Reads the stored preferences over the defaults; unreadable storage gives the defaults. */
export function loadPreferences(): Preferences {
  try {
    const raw = window.localStorage.getItem(PREFERENCES_STORAGE_KEY);
    if (!raw) return DEFAULT_PREFERENCES;
    const stored = JSON.parse(raw) as Partial<Preferences>;
    const merged = { ...DEFAULT_PREFERENCES, ...stored };
    if (!SUPPORTED_LOCALES.includes(merged.locale)) merged.locale = DEFAULT_PREFERENCES.locale;
    return merged;
  } catch {
    console.warn(LOCAL_STORAGE_ERROR);
    return DEFAULT_PREFERENCES;
  }
}

function savePreferences(preferences: Preferences): void {
  try {
    window.localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify(preferences));
  } catch {
    console.warn(LOCAL_STORAGE_ERROR);
  }
}

export const preferencesSlice = createSlice({
  name: 'preferences',
  initialState: loadPreferences,
  reducers: {
    preferenceSet: {
      reducer(state, action: PayloadAction<{ key: keyof Preferences; value: Preferences[keyof Preferences] }>) {
        return { ...state, [action.payload.key]: action.payload.value };
      },
      prepare<K extends keyof Preferences>(key: K, value: Preferences[K]) {
        return { payload: { key, value } };
      },
    },
  },
});

export const { preferenceSet } = preferencesSlice.actions;

export const preferencesListener = createListenerMiddleware();
preferencesListener.startListening({
  actionCreator: preferenceSet,
  effect: (_action, listenerApi) => {
    const state = listenerApi.getState() as { preferences: Preferences };
    savePreferences(state.preferences);
  },
});
