import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { makeStore } from '../../app/store';
import { usePreference, useSetPreference } from './hooks';
import { DEFAULT_PREFERENCES, LOCAL_STORAGE_ERROR, loadPreferences } from './preferencesSlice';

function wrapper({ children }: { children: ReactNode }) {
  return <AppProviders store={makeStore()} env="test">{children}</AppProviders>;
}

describe('preferences', () => {
  it('has the spec defaults', () => {
    expect(loadPreferences()).toEqual({
      timeMode: 12,
      locale: 'en',
      theme: 'dark',
      showFloorPlan: true,
      hideNotifications: {},
      showVideoWallLocalTime: false,
      autoPlay: true,
      showDetectedObjects: false,
    });
  });

  it('persists changes under mki-preferences and reads them back over the defaults', () => {
    const { result } = renderHook(() => ({ timeMode: usePreference('timeMode'), set: useSetPreference() }), { wrapper });
    act(() => result.current.set('timeMode', 24));
    expect(result.current.timeMode).toBe(24);
    expect(JSON.parse(window.localStorage.getItem('mki-preferences') ?? '{}')).toMatchObject({ timeMode: 24 });
    expect(loadPreferences()).toEqual({ ...DEFAULT_PREFERENCES, timeMode: 24 });
  });

  it('falls back to the defaults when local storage is unavailable', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied');
    });
    expect(loadPreferences()).toEqual(DEFAULT_PREFERENCES);
    expect(warn).toHaveBeenCalledWith(LOCAL_STORAGE_ERROR);
  });
});
