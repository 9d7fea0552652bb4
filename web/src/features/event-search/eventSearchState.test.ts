import { describe, expect, it } from 'vitest';
import { makeEvent } from '../motion-search/test/motionFixtures';
import { makeTrack } from '../similarity-search/test/similarityFixtures';
import { eventSearchActions as actions, eventSearchReducer, initialEventSearchState, isComplete } from './eventSearchState';

const pages = [
  { day: '2025-03-06', startMs: 2000_000, endMs: 3000_000 },
  { day: '2025-03-05', startMs: 1000_000, endMs: 2000_000 },
];

describe('event search state', () => {
  it('appends pages in the sort order, ignores answers of older searches and completes with the last page', () => {
    let state = eventSearchReducer(initialEventSearchState, actions.searchReset({ searchId: 2, pages, sortOrder: 'descending' }));
    state = eventSearchReducer(state, actions.pageStarted({ searchId: 2 }));
    expect(isComplete(state)).toBe(false);
    state = eventSearchReducer(state, actions.pageLoaded({ searchId: 2, events: [makeEvent(2100), makeEvent(2500)], failedCameras: [] }));
    state = eventSearchReducer(state, actions.pageLoaded({ searchId: 1, events: [makeEvent(9999)], failedCameras: [1001] }));
    expect(state.events.map((event) => event.ts)).toEqual([2500, 2100]);
    expect(state.failedCameras).toEqual([]);
    state = eventSearchReducer(state, actions.pageLoaded({ searchId: 2, events: [makeEvent(1500)], failedCameras: [1002] }));
    expect(state.events.map((event) => event.ts)).toEqual([2500, 2100, 1500]);
    expect(state.failedCameras).toEqual([1002]);
    expect(isComplete(state)).toBe(true);

    state = eventSearchReducer(state, actions.resorted('ascending'));
    expect(state.events.map((event) => event.ts)).toEqual([1500, 2100, 2500]);
  });

  it('a reset clears results, collapsed days and the open event but keeps filters, size and regions', () => {
    let state = eventSearchReducer(initialEventSearchState, actions.filtersChanged({ minEventLengthS: 4 }));
    state = eventSearchReducer(state, actions.thumbnailSizeSet('large'));
    state = eventSearchReducer(state, actions.regionsSet({ 1001: { x: 1, y: 1, w: 2, h: 2 } }));
    state = eventSearchReducer(state, actions.dayToggled('2025-03-06'));
    state = eventSearchReducer(state, actions.eventSelected(0));
    expect(state.collapsedDates).toEqual(['2025-03-06']);
    state = eventSearchReducer(state, actions.searchReset({ searchId: 3, pages, sortOrder: 'ascending' }));
    expect(state).toMatchObject({ events: [], page: 0, collapsedDates: [], selectedEvent: null, thumbnailSize: 'large' });
    expect(state.filters.minEventLengthS).toBe(4);
    expect(state.regions[1001]).toEqual({ x: 1, y: 1, w: 2, h: 2 });
    state = eventSearchReducer(state, actions.dayToggled('2025-03-06'));
    state = eventSearchReducer(state, actions.dayToggled('2025-03-06'));
    expect(state.collapsedDates).toEqual([]);
  });

  it('turning people or vehicles off clears its colours and type', () => {
    let state = eventSearchReducer(
      initialEventSearchState,
      actions.filtersChanged({ people: true, vehicles: true, topClothing: ['red'], bottomClothing: ['blue'], vehicleColor: ['pink'], vehicleType: ['bus'] }),
    );
    state = eventSearchReducer(state, actions.filtersChanged({ people: false }));
    expect(state.filters).toMatchObject({ people: false, topClothing: [], bottomClothing: [], vehicles: true, vehicleColor: ['pink'], vehicleType: ['bus'] });
    state = eventSearchReducer(state, actions.filtersChanged({ vehicles: false }));
    expect(state.filters).toMatchObject({ vehicles: false, vehicleColor: [], vehicleType: [] });
  });

  it('similar results: loading sets the filters, older answers are dropped, tolerance and choices, clear filter, close', () => {
    const source = { serial: 'Q2', cameraId: 1001, trackId: '42', objectClass: 'person' as const, t0: 1_000_000, t1: 1_004_000, b64Image: null };
    const tracks = [
      makeTrack('7', 2_000_000, { cameraId: 1002, similarityPercent: 90 }),
      makeTrack('8', 3_000_000, { cameraId: 1002, similarityPercent: 70 }),
    ];
    let state = eventSearchReducer(initialEventSearchState, actions.filtersChanged({ people: true, topClothing: ['red'] }));
    state = eventSearchReducer(state, actions.eventSelected(2));
    state = eventSearchReducer(state, actions.similarRequested({ requestId: 1, source }));
    expect(state.similarResults).toMatchObject({ status: 'loading', tolerance: 15, source });
    expect(state.selectedEvent).toBeNull();
    state = eventSearchReducer(state, actions.similarRequested({ requestId: 2, source }));
    state = eventSearchReducer(state, actions.similarLoaded({ requestId: 1, tracks: [] }));
    expect(state.similarResults?.status).toBe('loading');
    state = eventSearchReducer(state, actions.similarLoaded({ requestId: 2, tracks }));
    expect(state.similarResults).toMatchObject({ status: 'ready', tracks });
    expect(state.filters).toMatchObject({ people: true, vehicles: false, topClothing: [] });
    expect(state.filters.similarPeople.map((object) => object.id)).toEqual(['1001-42', '1002-7']);

    state = eventSearchReducer(state, actions.similarToleranceSet(30));
    expect(state.filters.similarPeople.map((object) => object.id)).toEqual(['1001-42', '1002-7', '1002-8']);
    state = eventSearchReducer(state, actions.similarChoiceToggled(state.filters.similarPeople[0]));
    expect(state.filters.similarPeople.map((object) => object.id)).toEqual(['1002-7', '1002-8']);
    state = eventSearchReducer(state, actions.similarFilterCleared('person'));
    expect(state.filters).toMatchObject({ people: true, similarPeople: [] });
    expect(state.similarResults?.status).toBe('ready');

    state = eventSearchReducer(state, actions.similarRequested({ requestId: 3, source }));
    state = eventSearchReducer(state, actions.similarFailed({ requestId: 3, error: { kind: 'max-retries', messages: [] } }));
    expect(state.similarResults).toMatchObject({ status: 'failed', error: { kind: 'max-retries' }, tolerance: 30 });
    state = eventSearchReducer(state, actions.similarClosed());
    expect(state.similarResults).toBeNull();
  });

  it('turning people off also removes its similar objects', () => {
    let state = eventSearchReducer(
      initialEventSearchState,
      actions.similarChoiceToggled({ id: '1001-4', cameraId: 1001, objectId: 4, objectClass: 'person', ts: 100 }),
    );
    expect(state.filters).toMatchObject({ people: true, similarPeople: [{ id: '1001-4' }] });
    state = eventSearchReducer(state, actions.filtersChanged({ people: false }));
    expect(state.filters.similarPeople).toEqual([]);
  });
});
