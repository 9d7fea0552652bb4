import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_ROTATION_SETTINGS,
  DEFAULT_WAIT_S,
  IDLE_SHUTDOWN_MS,
  MEMORY_REPORT_MS,
  WALL_REFRESH_MS,
  autoRefreshUrl,
  clampWait,
  cycleQuery,
  cycleSearchParams,
  isCycleActive,
  withCycleQuery,
  loadRotationSettings,
  nextCyclePlace,
  nextWallId,
  parseCycleParams,
  rotationSettingsKey,
  saveRotationSettings,
  validateRotation,
} from './rotation';

const draft = (overrides: Partial<Parameters<typeof validateRotation>[0]> = {}) => ({
  name: 'Lobby tour',
  waitDuration: DEFAULT_WAIT_S,
  videoWallSequence: [1, 2],
  ...overrides,
});

describe('rotation validation', () => {
  it('accepts a named rotation of two walls with the default wait of 10 s', () => {
    expect(DEFAULT_WAIT_S).toBe(10);
    expect(validateRotation(draft())).toEqual({ errors: {}, isValid: true });
  });

  it('requires a name, showing the error only once the field was touched', () => {
    expect(validateRotation(draft({ name: '  ' }))).toEqual({ errors: {}, isValid: false });
    expect(validateRotation(draft({ name: '' }), { name: true })).toEqual({
      errors: { name: { key: 'minimum-name-length-error' } },
      isValid: false,
    });
  });

  it('allows at most 255 characters', () => {
    expect(validateRotation(draft({ name: 'é'.repeat(255) })).isValid).toBe(true);
    expect(validateRotation(draft({ name: 'a'.repeat(256) }))).toEqual({
      errors: { name: { key: 'maximum-name-length-error', values: { max: 255 } } },
      isValid: false,
    });
  });

  it('wants a whole number of seconds from 10 to 3600', () => {
    const waitError = (waitDuration: number) => validateRotation(draft({ waitDuration })).errors.waitDuration;
    expect(waitError(10)).toBeUndefined();
    expect(waitError(3600)).toBeUndefined();
    expect(waitError(9)).toEqual({ key: 'minimum-seconds-error', values: { min: 10 } });
    expect(waitError(Number.NaN)).toEqual({ key: 'minimum-seconds-error', values: { min: 10 } });
    expect(waitError(3601)).toEqual({ key: 'maximum-seconds-error', values: { max: 3600 } });
    expect(waitError(12.5)).toEqual({ key: 'integer-seconds-error' });
    expect(validateRotation(draft({ waitDuration: 3601 })).isValid).toBe(false);
  });

  it('needs at least two different walls', () => {
    const error = { key: 'minimum-walls-error', values: { min: 2 } };
    expect(validateRotation(draft({ videoWallSequence: [1] })).errors.videoWallSequence).toEqual(error);
    expect(validateRotation(draft({ videoWallSequence: [1, '1'] })).errors.videoWallSequence).toEqual(error);
    expect(validateRotation(draft({ videoWallSequence: [1, 2, 1] })).isValid).toBe(true);
  });

  it('clamps a wait into 10..3600 whole seconds', () => {
    expect([clampWait(3), clampWait(30.4), clampWait(9000), clampWait(Number.NaN)]).toEqual([10, 30, 3600, 10]);
  });
});

describe('cycling', () => {
  it('has the timing constants', () => {
    expect([WALL_REFRESH_MS, IDLE_SHUTDOWN_MS, MEMORY_REPORT_MS]).toEqual([10_800_000, 3_600_000, 1_805_000]);
  });

  it('reads cycleLayoutIds, duration and autostart', () => {
    expect(parseCycleParams(new URLSearchParams('cycleLayoutIds=7001,7002, 7003&duration=30&autostart=true'))).toEqual({
      layoutIds: [7001, 7002, 7003],
      duration: 30,
      autostart: true,
    });
    expect(parseCycleParams(new URLSearchParams(''))).toEqual({ layoutIds: [], duration: null, autostart: false });
    expect(parseCycleParams(new URLSearchParams('cycleLayoutIds=1,x,,-2,3&duration=abc&autostart=false'))).toEqual({
      layoutIds: [1, 3],
      duration: null,
      autostart: false,
    });
  });

  it('raises the duration to the minimum and drops fractions', () => {
    expect(parseCycleParams(new URLSearchParams('duration=3')).duration).toBe(10);
    expect(parseCycleParams(new URLSearchParams('duration=-20')).duration).toBe(10);
    expect(parseCycleParams(new URLSearchParams('duration=45.9')).duration).toBe(45);
  });

  it('goes to the next wall and wraps to the first', () => {
    expect(nextWallId([1, 2, 3], 1)).toBe(2);
    expect(nextWallId([1, 2, 3], 3)).toBe(1);
    expect(nextWallId([1, 2, 3], 9)).toBe(1);
    expect(nextWallId([1, 2, 3], null)).toBe(1);
    expect(nextWallId([5], 5)).toBe(5);
    expect(nextWallId([], 1)).toBeUndefined();
  });

  it('follows the place of a wall listed more than once, and falls back to its first place', () => {
    expect(nextCyclePlace([1, 2, 1, 3], 1, 2)).toEqual({ id: 3, index: 3 });
    expect(nextCyclePlace([1, 2, 1, 3], 1, 0)).toEqual({ id: 2, index: 1 });
    expect(nextCyclePlace([1, 2, 1, 3], 1, null)).toEqual({ id: 2, index: 1 });
    // A place that does not hold the current wall (an edited address) is not trusted.
    expect(nextCyclePlace([1, 2, 1, 3], 1, 1)).toEqual({ id: 2, index: 1 });
    expect(nextCyclePlace([1, 2, 1, 3], 1, 9)).toEqual({ id: 2, index: 1 });
    expect(nextCyclePlace([1, 1, 2], 1, 0)).toEqual({ id: 1, index: 1 });
    expect(nextCyclePlace([1, 1, 2], 1, 1)).toEqual({ id: 2, index: 2 });
    expect(nextCyclePlace([1, 2, 3], 3, 2)).toEqual({ id: 1, index: 0 });
    expect(nextCyclePlace([], 1, 0)).toBeUndefined();
  });

  it('writes the cycle as query parameters', () => {
    const params = cycleSearchParams({ layoutIds: [1, 2], duration: 20, autostart: true });
    expect(parseCycleParams(params)).toEqual({ layoutIds: [1, 2], duration: 20, autostart: true });
  });

  it('writes the cycle as a readable query and knows when it runs', () => {
    const cycle = { layoutIds: [7001, 7002], duration: 10, autostart: true };
    expect(cycleQuery(cycle)).toBe('cycleLayoutIds=7001,7002&duration=10&autostart=true');
    expect(isCycleActive(cycle)).toBe(true);
    expect(isCycleActive({ ...cycle, autostart: false })).toBe(false);
    expect(isCycleActive({ ...cycle, layoutIds: [] })).toBe(false);
    expect(withCycleQuery('?fullPage=true&duration=99', cycle)).toBe(
      'fullPage=true&duration=10&cycleLayoutIds=7001,7002&autostart=true',
    );
  });

  it('keeps cycle ids, duration and autostart in the auto-refresh address', () => {
    const location = { pathname: '/n/5/video-walls/7001', search: '?fullPage=true&duration=99', hash: '' };
    expect(autoRefreshUrl(location, { layoutIds: [7001, 7002], duration: 30, autostart: true })).toBe(
      '/n/5/video-walls/7001?fullPage=true&duration=30&cycleLayoutIds=7001,7002&autostart=true',
    );
    expect(autoRefreshUrl(location)).toBe('/n/5/video-walls/7001?fullPage=true&duration=99');
    expect(autoRefreshUrl({ pathname: '/n/5/video-walls', search: '' }, null)).toBe('/n/5/video-walls');
    const noDuration = { layoutIds: [1], duration: null, autostart: false };
    expect(autoRefreshUrl({ pathname: '/w', search: '?duration=5', hash: '#x' }, noDuration)).toBe(
      '/w?cycleLayoutIds=1&autostart=false#x',
    );
  });
});

describe('what the browser remembers', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps rotation settings per network, clamping the duration on save', () => {
    expect(rotationSettingsKey(5)).toBe('mki-wall-rotation-5');
    expect(loadRotationSettings(5)).toEqual(DEFAULT_ROTATION_SETTINGS);
    expect(saveRotationSettings(5, { layouts: [1, 2], duration: 3, autostart: true })).toBeNull();
    expect(loadRotationSettings(5)).toEqual({ layouts: [1, 2], duration: 10, autostart: true });
    expect(loadRotationSettings(6)).toEqual(DEFAULT_ROTATION_SETTINGS);
  });

  it('reads what it can of stored settings and survives corrupt or refused storage', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    window.localStorage.setItem('mki-wall-rotation-5', JSON.stringify({ layouts: [1, 'x', 2.5], duration: 'long' }));
    expect(loadRotationSettings(5)).toEqual({ layouts: [1], duration: 10, autostart: false });
    window.localStorage.setItem('mki-wall-rotation-5', '{oops');
    expect(loadRotationSettings(5)).toEqual(DEFAULT_ROTATION_SETTINGS);
    expect(warn).toHaveBeenCalledWith('Unable to access Local Storage');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    expect(saveRotationSettings(5, DEFAULT_ROTATION_SETTINGS)).toBe('Unable to access Local Storage');
  });
});
