import { describe, expect, it } from 'vitest';
import { makeEvent } from '../motion-search/test/motionFixtures';
import { appendPage, dayHeading, DEFAULT_RESULT_FILTERS, groupByDay, hasFilters, sortEvents, visibleEvents } from './results';

const ZONE = 'America/Los_Angeles';
const ts = (iso: string) => new Date(iso).getTime() / 1000;

describe('results', () => {
  const a = makeEvent(ts('2025-03-04T17:00:00Z'), { cameraId: 1001 });
  const b = makeEvent(ts('2025-03-04T18:00:00Z'), { cameraId: 1002 });
  const c = makeEvent(ts('2025-03-05T09:00:00Z'), { cameraId: 1001 }); // 01:00 on 5 March in Los Angeles

  it('sorts newest first (descending) or oldest first', () => {
    expect(sortEvents([a, c, b], 'descending')).toEqual([c, b, a]);
    expect(sortEvents([c, a, b], 'ascending')).toEqual([a, b, c]);
  });

  it('appends a page sorted in the chosen order after the events already loaded', () => {
    expect(appendPage([c], [a, b], 'descending')).toEqual([c, b, a]);
  });

  it('groups by day in the network zone, keeping the order and each event’s index in the whole list', () => {
    const groups = groupByDay([c, b, a], ZONE);
    expect(groups.map((group) => [group.day, group.entries.map((entry) => entry.index)])).toEqual([
      ['2025-03-05', [0]],
      ['2025-03-04', [1, 2]],
    ]);
  });

  it('headings read like "Tuesday - March 4th"', () => {
    expect(dayHeading('2025-03-04', 'en')).toBe('Tuesday - March 4th');
    expect(dayHeading('2025-03-04', 'es')).toMatch(/martes.*4.*marzo/);
  });

  it('filters by low light, hidden cameras and people/vehicles (the minimum duration is left to the server)', () => {
    const short = makeEvent(100, { duration_ms: 2000 });
    const long = makeEvent(200, { duration_ms: 9000, nightmode: true, has_people: true });
    const car = makeEvent(300, { duration_ms: 9000, cameraId: 1002, has_vehicles: true });
    const all = [short, long, car];
    expect(visibleEvents(all, DEFAULT_RESULT_FILTERS)).toEqual(all);
    expect(visibleEvents(all, { ...DEFAULT_RESULT_FILTERS, minEventLengthS: 5 })).toEqual(all);
    expect(visibleEvents(all, { ...DEFAULT_RESULT_FILTERS, showNightmode: false })).toEqual([short, car]);
    expect(visibleEvents(all, { ...DEFAULT_RESULT_FILTERS, hiddenCameras: [1001] })).toEqual([car]);
    expect(visibleEvents(all, { ...DEFAULT_RESULT_FILTERS, people: true })).toEqual([long]);
    expect(visibleEvents(all, { ...DEFAULT_RESULT_FILTERS, people: true, vehicles: true })).toEqual([long, car]);
  });

  it('knows whether any filter is set', () => {
    expect(hasFilters(DEFAULT_RESULT_FILTERS)).toBe(false);
    expect(hasFilters({ ...DEFAULT_RESULT_FILTERS, minEventLengthS: 1 })).toBe(true);
    expect(hasFilters({ ...DEFAULT_RESULT_FILTERS, hiddenCameras: [3] })).toBe(true);
    expect(hasFilters({ ...DEFAULT_RESULT_FILTERS, vehicleType: ['bus'] })).toBe(true);
  });

  it('an attribute filter lets no event through: events carry no attributes yet', () => {
    const person = makeEvent(100, { has_people: true });
    expect(visibleEvents([person], { ...DEFAULT_RESULT_FILTERS, people: true })).toEqual([person]);
    expect(visibleEvents([person], { ...DEFAULT_RESULT_FILTERS, people: true, topClothing: ['red'] })).toEqual([]);
    expect(visibleEvents([person], { ...DEFAULT_RESULT_FILTERS, vehicles: true, vehicleType: ['car'] })).toEqual([]);
  });
});
