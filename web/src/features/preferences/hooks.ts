import { useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { type Preferences, preferenceSet } from './preferencesSlice';

export function usePreference<K extends keyof Preferences>(key: K): Preferences[K] {
  return useAppSelector((state) => state.preferences[key]);
}

export function useSetPreference(): <K extends keyof Preferences>(key: K, value: Preferences[K]) => void {
  const dispatch = useAppDispatch();
  return useCallback((key, value) => dispatch(preferenceSet(key, value)), [dispatch]);
}
