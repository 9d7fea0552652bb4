import { describe, expect, it } from 'vitest';
import {
  type AccessLogFilters,
  accessLogParams,
  filtersFromSearch,
  filtersKey,
  filtersToSearch,
  fromPickerValue,
  hasFilters,
  NO_FILTERS,
  toPickerValue,
} from './accessLogFilters';
import { entryDetail } from './accessLogModel';

describe('access log filters', () => {
  it('reads the query string, leaving out unknown kinds and values that are not whole numbers', () => {
    const search = new URLSearchParams(
      'kinds=sign_out,nope,sign_in,sign_out&user_id=7&network_id=x&camera_id=-3&since_ms=1000&until_ms=1.5',
    );
    expect(filtersFromSearch(search)).toEqual({
      kinds: ['sign_in', 'sign_out'],
      userId: 7,
      networkId: null,
      cameraId: null,
      sinceMs: 1000,
      untilMs: null,
    });
    expect(filtersFromSearch(new URLSearchParams(''))).toEqual(NO_FILTERS);
  });

  it('writes the filters back, keeping other parameters and removing empty filters', () => {
    const search = filtersToSearch(
      { ...NO_FILTERS, kinds: ['live_video', 'recorded_video'], cameraId: 3 },
      new URLSearchParams('other=1&user_id=9'),
    );
    expect(search.toString()).toBe('other=1&kinds=live_video%2Crecorded_video&camera_id=3');
    expect(filtersFromSearch(search)).toEqual({ ...NO_FILTERS, kinds: ['live_video', 'recorded_video'], cameraId: 3 });
  });

  it("makes the API's query: kinds as a comma list, times in ms, the page's before_id and the page size", () => {
    const filters: AccessLogFilters = {
      ...NO_FILTERS,
      kinds: ['sign_in', 'export_created'],
      userId: 4,
      sinceMs: 10,
      untilMs: 20,
    };
    expect(accessLogParams(filters, null)).toEqual({
      kinds: 'sign_in,export_created',
      user_id: 4,
      since_ms: 10,
      until_ms: 20,
      limit: 100,
    });
    expect(accessLogParams(NO_FILTERS, 55)).toEqual({ before_id: 55, limit: 100 });
  });

  it('tells filters apart by key', () => {
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, networkId: 5 })).toBe(true);
    expect(filtersKey({ ...NO_FILTERS, networkId: 5 })).not.toBe(filtersKey({ ...NO_FILTERS, networkId: 6 }));
  });

  it("converts the date-time picker's values in the browser's zone", () => {
    const ms = new Date(2024, 1, 29, 23, 5, 9).getTime();
    expect(toPickerValue(ms)).toBe('2024-02-29 23:05:09');
    expect(fromPickerValue('2024-02-29 23:05:09')).toBe(ms);
    expect(fromPickerValue('2024-02-29 23:05')).toBe(new Date(2024, 1, 29, 23, 5).getTime());
    expect(toPickerValue(null)).toBeNull();
    for (const bad of [null, '', '2023-02-29 10:00', '2024-13-01 10:00', '2024-01-01 24:00', 'yesterday']) {
      expect(fromPickerValue(bad)).toBeNull();
    }
  });
});

describe('entry detail', () => {
  it("names a sign-in's method and keeps other details as given", () => {
    expect(entryDetail({ kind: 'sign_in', detail: 'sso' })).toEqual({ key: 'method-sso' });
    expect(entryDetail({ kind: 'sign_in', detail: 'magic' })).toEqual({ text: 'magic' });
    expect(entryDetail({ kind: 'sign_in_failed', detail: 'password' })).toEqual({ text: 'password' });
    expect(entryDetail({ kind: 'sign_out', detail: null })).toBeNull();
  });
});
