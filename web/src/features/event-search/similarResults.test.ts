import { describe, expect, it } from 'vitest';
import { COLOUR_BIT, makeAttribute, makeEvent, TYPE_BIT } from '../motion-search/test/motionFixtures';
import { makeTrack } from '../similarity-search/test/similarityFixtures';
import { DEFAULT_RESULT_FILTERS, visibleEvents } from './results';
import {
  chosenOfClass,
  filtersForChoice,
  filtersForLoaded,
  filtersForTolerance,
  looksAlike,
  objectOfTrack,
  offeredTracks,
  type SimilarSource,
  similarMatch,
  similarSearchRange,
} from './similarResults';

const source: SimilarSource = {
  serial: 'Q2XX-0000-1001',
  cameraId: 1001,
  trackId: '42',
  objectClass: 'person',
  t0: 1_000_000,
  t1: 1_004_000,
  b64Image: null,
};
const close = makeTrack('7', 2_000_000, { cameraId: 1002, similarityPercent: 91 });
const rough = makeTrack('8', 3_000_000, { cameraId: 1002, similarityPercent: 80 });
const car = makeTrack('9', 4_000_000, { cameraId: 1001, objectClass: 'vehicle', similarityPercent: 99 });
const results = { source, tracks: [close, rough, car], tolerance: 15 };

describe('similar results', () => {
  it('a result counts within the tolerance: at least 100 - tolerance % similar', () => {
    expect(offeredTracks(results).map((track) => track.trackId)).toEqual(['7', '9']);
    expect(offeredTracks({ ...results, tolerance: 20 }).map((track) => track.trackId)).toEqual(['7', '8', '9']);
    expect(offeredTracks({ ...results, tolerance: 0 })).toEqual([]);
  });

  it('objects are named as the events’ attributes: {cameraId}-{object_id}, first sighting in seconds', () => {
    expect(objectOfTrack(close)).toEqual({ id: '1002-7', cameraId: 1002, objectId: 7, objectClass: 'person', ts: 2000 });
    expect(chosenOfClass(results, 'person').map((object) => object.id)).toEqual(['1001-42', '1002-7']);
  });

  it('loading resets the clothing and vehicle filters and sets people and vehicles from the classes found', () => {
    const before = { ...DEFAULT_RESULT_FILTERS, topClothing: ['red' as const], vehicleType: ['bus' as const], hiddenCameras: [3] };
    const after = filtersForLoaded(before, results);
    expect(after).toMatchObject({ topClothing: [], vehicleType: [], people: true, vehicles: true, hiddenCameras: [3] });
    expect(after.similarPeople.map((object) => object.id)).toEqual(['1001-42', '1002-7']);
    expect(after.similarVehicles.map((object) => object.id)).toEqual(['1001-9']);
    expect(filtersForLoaded(before, { ...results, tracks: [close] })).toMatchObject({ people: true, vehicles: false, similarVehicles: [] });
  });

  it('choosing adds or removes an object of its class (turning the class on); a new tolerance chooses again', () => {
    let filters = filtersForLoaded(DEFAULT_RESULT_FILTERS, { ...results, tracks: [close] });
    filters = filtersForChoice(filters, objectOfTrack(close));
    expect(filters.similarPeople.map((object) => object.id)).toEqual(['1001-42']);
    filters = filtersForChoice(filters, objectOfTrack(car));
    expect(filters).toMatchObject({ vehicles: true, similarVehicles: [objectOfTrack(car)] });
    filters = filtersForTolerance(filters, { ...results, tolerance: 20 });
    expect(filters.similarPeople.map((object) => object.id)).toEqual(['1001-42', '1002-7', '1002-8']);
    expect(filters.similarVehicles.map((object) => object.id)).toEqual(['1001-9']);
  });

  it('the same object matches within 300 s of the event', () => {
    const object = objectOfTrack(close); // camera 1002, object 7, at 2000 s
    const attribute = makeAttribute(1002, 7, 2100);
    expect(similarMatch(makeEvent(2300), attribute, object, undefined)).toBe(true);
    expect(similarMatch(makeEvent(2301), attribute, object, undefined)).toBe(false);
    expect(similarMatch(makeEvent(2000), makeAttribute(1001, 7, 2000), object, undefined)).toBe(false);
    expect(similarMatch(makeEvent(2000), makeAttribute(1002, 7, 2000, { object_class: 'vehicle' }), object, undefined)).toBe(false);
  });

  it('or an object whose colours or type match the chosen object’s, as an event saw it', () => {
    const known = makeAttribute(1002, 7, 2000, { top: COLOUR_BIT.red, bottom: COLOUR_BIT.blue | COLOUR_BIT.blackGray });
    expect(looksAlike(makeAttribute(1001, 1, 9000, { top: COLOUR_BIT.red, bottom: COLOUR_BIT.blue }), known)).toBe(true);
    expect(looksAlike(makeAttribute(1001, 1, 9000, { top: COLOUR_BIT.red, bottom: COLOUR_BIT.green }), known)).toBe(false);
    expect(looksAlike(makeAttribute(1001, 1, 9000, { top: COLOUR_BIT.red, bottom: COLOUR_BIT.blue, nightmode: true }), known)).toBe(false);
    // Nothing known (a night sighting): only the same object matches.
    expect(looksAlike(makeAttribute(1001, 1, 9000, { top: 0, bottom: 0 }), makeAttribute(1002, 7, 2000))).toBe(false);
    const knownCar = makeAttribute(1001, 9, 4000, { object_class: 'vehicle', type: TYPE_BIT.car, colour: COLOUR_BIT.whiteGray });
    const nightCar = makeAttribute(1002, 3, 9000, { object_class: 'vehicle', type: TYPE_BIT.car, colour: 0, nightmode: true });
    expect(looksAlike(makeAttribute(1002, 3, 9000, { object_class: 'vehicle', type: TYPE_BIT.car, colour: COLOUR_BIT.whiteGray }), knownCar)).toBe(true);
    expect(looksAlike(nightCar, knownCar)).toBe(false);
    expect(looksAlike(nightCar, { ...knownCar, colour: 0 })).toBe(true);
  });

  it('with similar people chosen, the people filter keeps the events with a matching person', () => {
    const seen = makeEvent(2100, { cameraId: 1002, has_people: true, attributes: [makeAttribute(1002, 7, 2100, { top: COLOUR_BIT.red, bottom: COLOUR_BIT.blue })] });
    const alike = makeEvent(5000, { has_people: true, attributes: [makeAttribute(1001, 1, 5000, { top: COLOUR_BIT.red, bottom: COLOUR_BIT.blue })] });
    const other = makeEvent(6000, { has_people: true, attributes: [makeAttribute(1001, 2, 6000, { top: COLOUR_BIT.green, bottom: COLOUR_BIT.blue })] });
    const car = makeEvent(7000, { has_vehicles: true });
    const filters = filtersForLoaded(DEFAULT_RESULT_FILTERS, { ...results, tracks: [close] });
    expect(visibleEvents([seen, alike, other, car], filters).map((event) => event.ts)).toEqual([2100, 5000]);
    // The attribute filters still apply on top.
    expect(visibleEvents([seen, alike, other, car], { ...filters, bottomClothing: ['green'] })).toEqual([]);
    // Without similar objects: every event with people.
    expect(visibleEvents([seen, alike, other, car], { ...filters, similarPeople: [] }).map((event) => event.ts)).toEqual([2100, 5000, 6000]);
  });

  it('searches the page’s range (first page start to last page end), else the source’s sighting', () => {
    const pages = [
      { startMs: 5000, endMs: 9000 },
      { startMs: 1000, endMs: 5000 },
    ];
    expect(similarSearchRange(pages, source)).toEqual({ t0: 1000, t1: 9000 });
    expect(similarSearchRange([], source)).toEqual({ t0: 1_000_000, t1: 1_004_000 });
  });
});
