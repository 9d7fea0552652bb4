export { usePreference, useSetPreference } from './hooks';
export { DEFAULT_PREFERENCES, type Locale, type Preferences, SUPPORTED_LOCALES } from './preferencesSlice';
