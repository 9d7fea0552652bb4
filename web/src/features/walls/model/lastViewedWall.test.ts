import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetLastViewedWall, lastViewedWallKey, pickIndexWall, readLastViewedWall, writeLastViewedWall } from './lastViewedWall';

describe('last viewed wall', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.localStorage.clear();
  });

  it('remembers the last viewed wall per organization and network', () => {
    expect(lastViewedWallKey(1, 5)).toBe('mki-last-viewed-wall-1-5');
    expect(readLastViewedWall(1, 5)).toBeNull();
    writeLastViewedWall(1, 5, 7001);
    expect(readLastViewedWall(1, 5)).toBe(7001);
    expect(readLastViewedWall(2, 5)).toBeNull();
    window.localStorage.setItem(lastViewedWallKey(1, 5), '{oops');
    expect(readLastViewedWall(1, 5)).toBeNull();
  });

  it('picks the last viewed wall when still listed, else the first', () => {
    const walls = [{ id: 3 }, { id: 1 }];
    expect(pickIndexWall(walls, 1)).toBe(1);
    expect(pickIndexWall(walls, 9)).toBe(3);
    expect(pickIndexWall(walls, null)).toBe(3);
    expect(pickIndexWall([], 1)).toBeUndefined();
  });

  it('forgets a wall, and survives storage that refuses writes', () => {
    writeLastViewedWall(1, 5, 7001);
    forgetLastViewedWall(1, 5);
    expect(readLastViewedWall(1, 5)).toBeNull();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    expect(() => writeLastViewedWall(1, 5, 7001)).not.toThrow();
    expect(warn).toHaveBeenCalled();
  });
});
