import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_SHUTDOWN_MS } from '../model/rotation';
import { useIdle } from './useIdle';

describe('useIdle', () => {
  afterEach(() => vi.useRealTimers());

  it('turns idle after an hour without input; pointer and keyboard input restart the clock', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useIdle(IDLE_SHUTDOWN_MS));
    act(() => vi.advanceTimersByTime(IDLE_SHUTDOWN_MS - 1));
    expect(result.current).toBe(false);
    act(() => {
      window.dispatchEvent(new Event('pointermove'));
      vi.advanceTimersByTime(IDLE_SHUTDOWN_MS - 1);
    });
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
    act(() => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' })));
    expect(result.current).toBe(false);
  });
});
