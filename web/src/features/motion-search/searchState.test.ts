import { describe, expect, it } from 'vitest';
import { searchActions, searchReducer } from './searchState';
import { makeEvent } from './test/motionFixtures';

function started() {
  let state = searchReducer({}, searchActions.camerasSynced({
      cameras: [
        { id: 1, grid: { cols: 60, rows: 34 } },
        { id: 2, grid: { cols: 60, rows: 60 } },
      ],
      nowMs: 1_000_000,
    }));
  state = searchReducer(state, searchActions.searchStarted({ cameraId: 1, searchId: 7 }));
  return state;
}

describe('motion search state', () => {
  it('starts a search in the results phase with progress 0 and no events', () => {
    const state = started();
    expect(state[1]).toMatchObject({ phase: 'results', searchId: 7, events: [], progress: 0, errors: [] });
    expect(state[2]).toMatchObject({ phase: 'initialize', searchId: 0 });
    expect(state[2].params.roi).toEqual({ x: 0, y: 0, w: 60, h: 60 });
  });

  it('appends chunks of the running search and ignores answers of a cancelled one', () => {
    let state = started();
    state = searchReducer(state, searchActions.chunkArrived({ cameraId: 1, searchId: 7, events: [makeEvent(20)], progress: 0.5 }));
    state = searchReducer(state, searchActions.chunkArrived({ cameraId: 1, searchId: 6, events: [makeEvent(99)], progress: 1 }));
    state = searchReducer(state, searchActions.chunkArrived({ cameraId: 1, searchId: 7, events: [makeEvent(10)], progress: 0.75 }));
    expect(state[1].events.map((event) => event.ts)).toEqual([20, 10]);
    expect(state[1].progress).toBe(0.75);
    state = searchReducer(state, searchActions.searchFinished({ cameraId: 1, searchId: 6 }));
    expect(state[1].progress).toBe(0.75);
    state = searchReducer(state, searchActions.searchFinished({ cameraId: 1, searchId: 7 }));
    expect(state[1].progress).toBe(1);
  });

  it('sets progress to 1 with the errors on failure', () => {
    const state = searchReducer(started(), searchActions.searchFailed({ cameraId: 1, searchId: 7, errors: ['boom'] }));
    expect(state[1]).toMatchObject({ progress: 1, errors: ['boom'] });
  });

  it('keeps the focus inside the results', () => {
    let state = started();
    state = searchReducer(state, searchActions.chunkArrived({ cameraId: 1, searchId: 7, events: [makeEvent(2), makeEvent(1)], progress: 1 }));
    state = searchReducer(state, searchActions.focused({ cameraId: 1, index: 5 }));
    expect(state[1].focusedIndex).toBe(1);
    state = searchReducer(state, searchActions.focused({ cameraId: 1, index: null }));
    expect(state[1].focusedIndex).toBeNull();
  });

  it('moves a range that ends now to the new now, same span: opening the drawer later searches up to then', () => {
    const H = 3_600_000;
    let state = started(); // synced at 1_000_000 ms: the last 24 hours up to then
    state = searchReducer(state, searchActions.rangeRefreshed({ nowMs: 1_000_000 + H }));
    expect(state[2].params).toMatchObject({ startMs: 1_000_000 + H - 24 * H, endMs: 1_000_000 + H, followsNow: 'range' });
    // A preset ('Last hour') follows now too.
    state = searchReducer(state, searchActions.paramsChanged({ cameraId: 2, params: { startMs: 2 * H, endMs: 3 * H, followsNow: 'range' } }));
    state = searchReducer(state, searchActions.rangeRefreshed({ nowMs: 5 * H }));
    expect(state[2].params).toMatchObject({ startMs: 4 * H, endMs: 5 * H });
  });

  it('never moves a picked time: a picked start stays and the end still follows now; a picked end stops it', () => {
    const H = 3_600_000;
    let state = started();
    state = searchReducer(state, searchActions.paramsChanged({ cameraId: 1, params: { startMs: 7 } }));
    expect(state[1].params.followsNow).toBe('end');
    state = searchReducer(state, searchActions.rangeRefreshed({ nowMs: 10 * H }));
    expect(state[1].params).toMatchObject({ startMs: 7, endMs: 10 * H });
    state = searchReducer(state, searchActions.paramsChanged({ cameraId: 2, params: { endMs: 900_000 } }));
    expect(state[2].params.followsNow).toBeNull();
    state = searchReducer(state, searchActions.rangeRefreshed({ nowMs: 11 * H }));
    expect(state[2].params).toMatchObject({ startMs: 10 * H - 24 * H, endMs: 900_000, followsNow: null }); // moved at 10 h, then picked
  });
});
