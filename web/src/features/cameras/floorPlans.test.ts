import { describe, expect, it } from 'vitest';
import {
  camerasOnPlan,
  chooseFloorPlan,
  floorPlanBounds,
  hasPosition,
  normalizeFloorPlan,
  parseNodeIds,
} from './floorPlans';
import { makeCamera, makeFloorPlan } from './test/fixtures';

describe('parseNodeIds', () => {
  it('splits a comma-separated string', () => {
    expect(parseNodeIds('12,13, 14 ,')).toEqual([12, 13, 14]);
  });
  it('keeps an array and converts numeric strings', () => {
    expect(parseNodeIds([1, '2', 3])).toEqual([1, 2, 3]);
  });
  it('drops junk and empty input', () => {
    expect(parseNodeIds('')).toEqual([]);
    expect(parseNodeIds('a,,7')).toEqual([7]);
    expect(parseNodeIds(null)).toEqual([]);
  });
  it('is applied when normalizing a plan', () => {
    expect(normalizeFloorPlan(makeFloorPlan(1, { node_ids: '4,5' })).node_ids).toEqual([4, 5]);
  });
});

describe('plans and cameras', () => {
  const first = normalizeFloorPlan(makeFloorPlan(1, { node_ids: [1, 2] }));
  const second = normalizeFloorPlan(makeFloorPlan(2, { node_ids: '3' }));
  const onFirst = makeCamera(1, { position: { lat: 10, lng: 20 } });
  const listedNoPosition = makeCamera(2, { position: null });
  const onSecond = makeCamera(3, { position: { lat: 1, lng: 1 } });
  const byFloorplanId = makeCamera(4, { position: { lat: 5, lng: 5 }, floorplan_id: 2 });

  it('needs a position to draw a camera', () => {
    expect(hasPosition(onFirst)).toBe(true);
    expect(hasPosition(listedNoPosition)).toBe(false);
    expect(camerasOnPlan([onFirst, listedNoPosition, onSecond, byFloorplanId], first)).toEqual([onFirst]);
    expect(camerasOnPlan([onFirst, listedNoPosition, onSecond, byFloorplanId], second)).toEqual([
      onSecond,
      byFloorplanId,
    ]);
  });

  it("shows the user's choice, otherwise the current camera's plan, otherwise the first", () => {
    expect(chooseFloorPlan([first, second], 2, onFirst)?.id).toBe(2);
    expect(chooseFloorPlan([first, second], null, onSecond)?.id).toBe(2);
    expect(chooseFloorPlan([first, second], null, byFloorplanId)?.id).toBe(2);
    expect(chooseFloorPlan([first, second], 42, undefined)?.id).toBe(1);
    expect(chooseFloorPlan([], null, onFirst)).toBeUndefined();
  });

  it('gives Leaflet bounds in image coordinates', () => {
    expect(floorPlanBounds(makeFloorPlan(1, { sw_lat: 0, sw_lng: 0, ne_lat: 600, ne_lng: 800 }))).toEqual([
      [0, 0],
      [600, 800],
    ]);
  });
});
