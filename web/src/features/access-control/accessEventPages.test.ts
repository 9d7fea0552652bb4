import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import {
  fetchRange,
  includesNow,
  loadAllPages,
  loadedEvents,
  nextPage,
  pause,
  type FetchEventsPage,
} from './accessEventPages';
import { accessEventsApi } from './accessEventsApi';
import { accessState, eventsFailure, eventsServer, HOUR_MS, makeEvent, MINUTE_MS, NOW_MS } from './test/accessFixtures';
import { placeAccessMarks } from './timeline/markPlacement';
import type { AccessEventsAnswer, DoorsAtLocation } from './types';

const hq: DoorsAtLocation = { locationUuid: 'site-hq', doorUuids: ['door-front'] };
const annex: DoorsAtLocation = { locationUuid: 'site-annex', doorUuids: ['door-annex'] };

function answer(uuids: string[], page: number, pageCount: number): AccessEventsAnswer {
  return {
    data: uuids.map((uuid, index) => makeEvent(uuid, NOW_MS - index * MINUTE_MS)),
    meta: { pagination: { page, page_size: 100, page_count: pageCount, total: pageCount * 100 } },
  };
}

describe('door event pages', () => {
  afterEach(() => vi.useRealTimers());

  it('loads every page of each location, reading page_count, 1 s apart', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const asked: string[] = [];
    const fetchPage: FetchEventsPage = async (location, page) => {
      asked.push(`${location.locationUuid}:${page}`);
      return location === hq ? answer([`hq-${page}`], page, 3) : answer(['annex-1'], page, 1);
    };
    const loading = loadAllPages([hq, annex], fetchPage, { wait: () => pause(1000) });
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toEqual(['site-hq:1']);
    await vi.advanceTimersByTimeAsync(999);
    expect(asked).toEqual(['site-hq:1']);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toEqual(['site-hq:1', 'site-hq:2']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(asked).toEqual(['site-hq:1', 'site-hq:2', 'site-hq:3']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(asked).toEqual(['site-hq:1', 'site-hq:2', 'site-hq:3', 'site-annex:1']);
    const events = await loading;
    expect(events.map((event) => event.uuid).sort()).toEqual(['annex-1', 'hq-1', 'hq-2', 'hq-3']);
  });

  it('keeps what it loaded when a page fails, and stops when given up', async () => {
    const fetchPage: FetchEventsPage = async (location, page) =>
      page === 2 ? null : answer([`${location.locationUuid}-${page}`], page, 5);
    const events = await loadAllPages([hq, annex], fetchPage, { wait: async () => undefined });
    expect(events.map((event) => event.uuid)).toEqual(['site-annex-1', 'site-hq-1']);

    const controller = new AbortController();
    const asked: number[] = [];
    const stopping: FetchEventsPage = async (_location, page) => {
      asked.push(page);
      controller.abort();
      return answer([`p${page}`], page, 5);
    };
    const wait = () => pause(1000, controller.signal);
    const kept = await loadAllPages([hq], stopping, { wait, signal: controller.signal });
    expect(asked).toEqual([1]);
    expect(kept.map((event) => event.uuid)).toEqual(['p1']);
  });

  it('asks the server with startTs/endTs, the doors and the location, 1 s between pages', async () => {
    vi.useFakeTimers({ now: NOW_MS, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const many = Array.from({ length: 250 }, (_, index) => makeEvent(`ev-${index}`, NOW_MS - (index + 1) * 1000));
    const calls = eventsServer(() => many);
    const store = makeStore(accessState());
    const locations = [{ ...hq, doorUuids: ['door-front', 'door-server'] }];
    const arg = { orgId: 10, locations, startMs: NOW_MS - HOUR_MS, endMs: NOW_MS };
    const request = store.dispatch(accessEventsApi.endpoints.getAccessEventsInRange.initiate(arg));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].params.get('door_uuid')).toBe('door-front,door-server');
    expect(Object.fromEntries(calls[0].params)).toMatchObject({
      location_uuid: 'site-hq',
      startTs: String(NOW_MS - HOUR_MS),
      endTs: String(NOW_MS),
      order: 'asc',
      page: '1',
      page_size: '100',
    });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    expect(calls.map((call) => call.params.get('page'))).toEqual(['1', '2', '3']);
    // The pause is between pages: each page asked for 1 s after the previous one's answer (answers take no time here).
    expect(calls.map((call) => call.atMs - calls[0].atMs)).toEqual([0, 1000, 2000]);
    const { data } = await request;
    expect(data).toHaveLength(250);
    expect(data?.[0].uuid).toBe('ev-249'); // oldest first
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(calls).toHaveLength(3); // page_count was 3
    request.unsubscribe();
  });

  it('swallows a failed range into no events', async () => {
    eventsServer(eventsFailure);
    const store = makeStore(accessState());
    const arg = { orgId: 10, locations: [hq], startMs: NOW_MS - HOUR_MS, endMs: NOW_MS };
    const request = store.dispatch(accessEventsApi.endpoints.getAccessEventsInRange.initiate(arg));
    expect((await request).data).toEqual([]);
    request.unsubscribe();
  });

  it('asks the activity log for the next page while the server has more and no page failed', () => {
    expect(nextPage(answer(['a'], 1, 3), 1)).toBe(2);
    expect(nextPage(answer(['a'], 3, 3), 3)).toBeUndefined();
    expect(nextPage({ ...answer([], 1, 0), failed: true }, 1)).toBeUndefined();
  });

  it('lists the loaded events newest first, each once (pages shift as events arrive)', () => {
    const older = makeEvent('b', NOW_MS - 2 * MINUTE_MS);
    const newer = makeEvent('a', NOW_MS - MINUTE_MS);
    const pages = [
      { data: [newer, older], meta: answer([], 1, 2).meta },
      { data: [older], meta: answer([], 2, 2).meta },
    ];
    expect(loadedEvents(pages).map((event) => event.uuid)).toEqual(['a', 'b']);
    expect(loadedEvents(undefined)).toEqual([]);
  });

  it('covers a timeline window with a range of half spans, refreshed while it includes now', () => {
    const window = { startMs: NOW_MS - 54 * MINUTE_MS, endMs: NOW_MS + 6 * MINUTE_MS };
    expect(fetchRange(window)).toEqual({ startMs: NOW_MS - 60 * MINUTE_MS, endMs: NOW_MS + 30 * MINUTE_MS });
    // Following now for 20 more minutes: still the same range.
    expect(fetchRange({ startMs: window.startMs + 20 * MINUTE_MS, endMs: window.endMs + 20 * MINUTE_MS })).toEqual(
      fetchRange(window),
    );
    expect(includesNow(window, NOW_MS)).toBe(true);
    expect(includesNow({ startMs: NOW_MS - HOUR_MS, endMs: NOW_MS - MINUTE_MS }, NOW_MS)).toBe(false);
  });

  it('places the events of a window, oldest first, joining those closer than half a percent', () => {
    const window = { startMs: NOW_MS - 100 * MINUTE_MS, endMs: NOW_MS };
    const events = [
      makeEvent('late', NOW_MS - 10 * MINUTE_MS),
      makeEvent('early', NOW_MS - 50 * MINUTE_MS),
      makeEvent('close', NOW_MS - 50 * MINUTE_MS + 20_000),
      makeEvent('before', NOW_MS - 101 * MINUTE_MS),
    ];
    const marks = placeAccessMarks(events, window);
    expect(marks.map((mark) => mark.events.map((event) => event.uuid))).toEqual([['early', 'close'], ['late']]);
    expect(marks[0]).toMatchObject({ ms: NOW_MS - 50 * MINUTE_MS, percent: 50 });
    expect(marks[1].percent).toBeCloseTo(90);
  });
});
