import { useCallback } from 'react';
import { usePreference, useSetPreference } from '../../features/preferences';
import type { TimeMode } from './format';

/** The user's 12/24-hour preference (`timeMode`, default 12-hour; kept in local storage) and its setter. */
export function useTimeMode(): [TimeMode, (mode: TimeMode) => void] {
  const timeMode = usePreference('timeMode');
  const setPreference = useSetPreference();
  const setTimeMode = useCallback((mode: TimeMode) => setPreference('timeMode', mode), [setPreference]);
  return [timeMode, setTimeMode];
}
