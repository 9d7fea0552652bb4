import { beforeEach, describe, expect, it } from 'vitest';
import { CUSTOM_VIEWS_STORAGE_KEY, deleteCustomView, loadCustomViews, saveCustomView } from './customViews';
import { CEILING_PRESETS, matchingPreset, sameOrientation, WALL_PRESETS } from './presets';

let counter = 0;
const makeId = () => `v${++counter}`;

describe('custom dewarp views in local storage', () => {
  beforeEach(() => {
    localStorage.clear();
    counter = 0;
  });

  it('saves per camera id under user-saved-fisheye-views', () => {
    expect(saveCustomView(1001, { name: 'Door', phi: 2.3, theta: 0.5 }, localStorage, makeId)).toEqual({
      ok: true,
      view: { id: 'v1', name: 'Door', isCustom: true, phi: 2.3, theta: 0.5 },
    });
    saveCustomView(1013, { name: 'Door', phi: 2.3, theta: 0.5 }, localStorage, makeId);
    expect(JSON.parse(localStorage.getItem(CUSTOM_VIEWS_STORAGE_KEY)!)).toEqual({
      1001: [{ id: 'v1', name: 'Door', isCustom: true, phi: 2.3, theta: 0.5 }],
      1013: [{ id: 'v2', name: 'Door', isCustom: true, phi: 2.3, theta: 0.5 }],
    });
    expect(loadCustomViews(1001).map((view) => view.name)).toEqual(['Door']);
    expect(loadCustomViews('1013')).toHaveLength(1);
    expect(loadCustomViews(42)).toEqual([]);
  });

  it("rejects the same name (trimmed, any case) for the camera with 'custom-view-exists'", () => {
    saveCustomView(1001, { name: 'Door', phi: 2.3, theta: 0.5 }, localStorage, makeId);
    expect(saveCustomView(1001, { name: ' door ', phi: 2, theta: 1 }, localStorage, makeId)).toEqual({
      ok: false,
      error: 'custom-view-exists',
    });
    expect(loadCustomViews(1001)).toHaveLength(1);
  });

  it("rejects the same orientation (theta modulo a turn) with 'custom-view-exists'", () => {
    saveCustomView(1001, { name: 'Door', phi: 2.3, theta: 0 }, localStorage, makeId);
    expect(saveCustomView(1001, { name: 'Other', phi: 2.3, theta: 2 * Math.PI }, localStorage, makeId)).toEqual({
      ok: false,
      error: 'custom-view-exists',
    });
    expect(saveCustomView(1001, { name: 'Other', phi: 2.4, theta: 0 }, localStorage, makeId).ok).toBe(true);
  });

  it('requires a name', () => {
    expect(saveCustomView(1001, { name: '  ', phi: 2, theta: 0 }, localStorage, makeId)).toEqual({
      ok: false,
      error: 'custom-view-name-required',
    });
  });

  it('deletes a view, and the camera entry with its last view', () => {
    saveCustomView(1001, { name: 'A', phi: 2, theta: 0 }, localStorage, makeId);
    saveCustomView(1001, { name: 'B', phi: 2, theta: 1 }, localStorage, makeId);
    deleteCustomView(1001, 'v1');
    expect(loadCustomViews(1001).map((view) => view.id)).toEqual(['v2']);
    deleteCustomView(1001, 'v2');
    expect(JSON.parse(localStorage.getItem(CUSTOM_VIEWS_STORAGE_KEY)!)).toEqual({});
  });

  it('survives garbage in storage', () => {
    localStorage.setItem(CUSTOM_VIEWS_STORAGE_KEY, 'not json');
    expect(loadCustomViews(1001)).toEqual([]);
    localStorage.setItem(CUSTOM_VIEWS_STORAGE_KEY, JSON.stringify({ 1001: [{ id: 'x' }, { id: 'y', name: 'Y', phi: 1, theta: 0 }] }));
    expect(loadCustomViews(1001)).toEqual([{ id: 'y', name: 'Y', isCustom: true, phi: 1, theta: 0 }]);
    expect(saveCustomView(1001, { name: 'Z', phi: 2, theta: 0 }, localStorage, makeId).ok).toBe(true);
  });
});

describe('presets', () => {
  it('has five per mount: the full view and four more at fov 60', () => {
    for (const presets of [CEILING_PRESETS, WALL_PRESETS]) {
      expect(presets).toHaveLength(5);
      expect(presets[0].view).toBeNull();
      expect(presets.slice(1).every((preset) => preset.view?.fov === 60)).toBe(true);
    }
    expect(CEILING_PRESETS.slice(1).map((preset) => preset.view!.phi)).toEqual(Array(4).fill(0.75 * Math.PI));
    expect(CEILING_PRESETS.slice(1).map((preset) => preset.view!.theta)).toEqual([0, Math.PI / 2, Math.PI, 1.5 * Math.PI]);
    expect(WALL_PRESETS[1].view).toEqual({ phi: Math.PI / 2, theta: 0, fov: 60 });
  });
  it('finds the preset a view is', () => {
    expect(matchingPreset('ceiling', { phi: 0.75 * Math.PI, theta: 2 * Math.PI, fov: 60 })?.id).toBe('ceiling-0');
    expect(matchingPreset('ceiling', null)?.id).toBe('ceiling-full');
    expect(matchingPreset('wall', { phi: 1, theta: 0, fov: 60 })).toBeUndefined();
    expect(sameOrientation({ phi: 1, theta: -0.0001 }, { phi: 1, theta: 2 * Math.PI })).toBe(true);
  });
});
