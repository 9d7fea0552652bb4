import { describe, expect, it } from 'vitest';
import { COLOUR_BIT, makeAttribute, makeEvent, TYPE_BIT } from '../motion-search/test/motionFixtures';
import {
  appendPage,
  choiceMask,
  dayHeading,
  DEFAULT_RESULT_FILTERS,
  groupByDay,
  hasFilters,
  nightHiddenCameras,
  type ResultFilters,
  sortEvents,
  visibleEvents,
} from './results';
import { COLOUR_CHOICES, VEHICLE_TYPES } from './constants';

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

  it('bitmasks follow the API’s order: bit i is the i-th colour or vehicle type', () => {
    expect(choiceMask(['red', 'blue', 'whiteGray'], COLOUR_CHOICES)).toBe(COLOUR_BIT.red | COLOUR_BIT.blue | COLOUR_BIT.whiteGray);
    expect(choiceMask(['car', 'other'], VEHICLE_TYPES)).toBe(TYPE_BIT.car | TYPE_BIT.other);
    expect(choiceMask([], COLOUR_CHOICES)).toBe(0);
  });

  describe('attribute filters match the events’ objects', () => {
    const redOverBlue = makeEvent(100, {
      has_people: true,
      attributes: [makeAttribute(1001, 1, 100, { top: COLOUR_BIT.red, bottom: COLOUR_BIT.blue })],
    });
    // Two people: one in green over blue, one in red over black. Neither is in red over blue.
    const twoPeople = makeEvent(200, {
      has_people: true,
      attributes: [
        makeAttribute(1001, 2, 200, { top: COLOUR_BIT.green, bottom: COLOUR_BIT.blue }),
        makeAttribute(1001, 3, 200, { top: COLOUR_BIT.red, bottom: COLOUR_BIT.blackGray }),
      ],
    });
    const whiteCar = makeEvent(300, {
      has_vehicles: true,
      attributes: [makeAttribute(1001, 4, 300, { object_class: 'vehicle', type: TYPE_BIT.car, colour: COLOUR_BIT.whiteGray })],
    });
    const nightCar = makeEvent(400, {
      cameraId: 1002,
      has_vehicles: true,
      nightmode: true,
      attributes: [makeAttribute(1002, 5, 400, { object_class: 'vehicle', type: TYPE_BIT.car, colour: 0, nightmode: true })],
    });
    const noAttributes = makeEvent(500, { has_people: true, has_vehicles: true });
    const all = [redOverBlue, twoPeople, whiteCar, nightCar, noAttributes];
    const shown = (filters: Partial<ResultFilters>) =>
      visibleEvents(all, { ...DEFAULT_RESULT_FILTERS, ...filters }).map((event) => event.ts);

    it('a person with one of the top colours and one of the bottom colours, each only when chosen', () => {
      expect(shown({ people: true })).toEqual([100, 200, 500]);
      expect(shown({ people: true, topClothing: ['red'] })).toEqual([100, 200]);
      expect(shown({ people: true, topClothing: ['red'], bottomClothing: ['blue'] })).toEqual([100]);
      expect(shown({ people: true, topClothing: ['red', 'green'], bottomClothing: ['blue'] })).toEqual([100, 200]);
      expect(shown({ people: true, bottomClothing: ['blackGray'] })).toEqual([200]);
    });

    it('a vehicle of one of the chosen colours and types; night mode matches no colour, a type still', () => {
      expect(shown({ vehicles: true })).toEqual([300, 400, 500]);
      expect(shown({ vehicles: true, vehicleType: ['car'] })).toEqual([300, 400]);
      expect(shown({ vehicles: true, vehicleType: ['truck'] })).toEqual([]);
      expect(shown({ vehicles: true, vehicleColor: ['whiteGray', 'blackGray'] })).toEqual([300]);
      expect(shown({ vehicles: true, vehicleColor: ['whiteGray'], vehicleType: ['bus'] })).toEqual([]);
    });

    it('people and vehicles together: either, each with its own attribute filters', () => {
      expect(shown({ people: true, topClothing: ['green'], vehicles: true, vehicleType: ['car'] })).toEqual([200, 300, 400]);
    });

    it('a night-mode person matches no colour; cameras whose night events only colours hide are reported', () => {
      const nightPerson = makeEvent(600, {
        cameraId: 1003,
        has_people: true,
        nightmode: true,
        attributes: [makeAttribute(1003, 6, 600, { top: COLOUR_BIT.red, nightmode: true })],
      });
      const filters = { ...DEFAULT_RESULT_FILTERS, people: true, vehicles: true, topClothing: ['red' as const], vehicleColor: ['whiteGray' as const] };
      expect(visibleEvents([...all, nightPerson], filters).map((event) => event.ts)).toEqual([100, 200, 300]);
      expect(nightHiddenCameras([...all, nightPerson], filters)).toEqual([1002, 1003]);
      expect(nightHiddenCameras([...all, nightPerson], { ...filters, topClothing: [], vehicleColor: [], vehicleType: ['car'] })).toEqual([]);
      // Hidden anyway (low light events not shown): not the colours' doing.
      expect(nightHiddenCameras([...all, nightPerson], { ...filters, showNightmode: false })).toEqual([]);
    });
  });
});
