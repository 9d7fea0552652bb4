import { configureStore } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCamera } from '../../cameras/test/fixtures';
import type { VideoWall, WallTile } from '../wallsApi';
import {
  LOCAL_STORAGE_ERROR,
  type LocalWall,
  type LocalWallsState,
  UNTITLED_WALL,
  cameraRemoved,
  initialLocalWallsState,
  layoutUpdated,
  loadLocalWalls,
  localWallsKey,
  localWallsListener,
  localWallsReducer,
  placeholderWallId,
  saveLocalWalls,
  selectNetworkWalls,
  selectSortedWalls,
  selectWallById,
  sortWalls,
  templateApplied,
  tileAdded,
  tileRemoved,
  tileSwapped,
  wallAdded,
  wallRemoved,
  wallRenamed,
  wallSaveFailed,
  wallSaved,
  wallsLoaded,
  wallsReceived,
} from './localWalls';

const newTile = (cameraId: number, imagerId: number | null = null) => ({
  camera: makeCamera(cameraId),
  video_channel_id: cameraId * 10,
  imager_id: imagerId,
});

function tile(id: number, cameraId: number, x: number, y: number, size = 7, imagerId: number | null = null): WallTile {
  return {
    id,
    x,
    y,
    w: size,
    h: size,
    video_layout_id: 1,
    video_channel_id: cameraId * 10,
    imager_id: imagerId,
    theta: null,
    phi: null,
    fov: null,
    camera: makeCamera(cameraId),
  };
}

function wall(id: number, name: string, tiles: WallTile[] = [], overrides: Partial<LocalWall> = {}): LocalWall {
  return { id, name, network_id: 5, is_cross_network: false, tiles, ...overrides };
}

const stateWith = (...walls: LocalWall[]): LocalWallsState => ({ ...initialLocalWallsState, userId: 100, walls });
const geometry = (t: WallTile) => [t.x, t.y, t.w, t.h];

describe('local wall list reducer', () => {
  it('loads a user list', () => {
    const state = localWallsReducer(initialLocalWallsState, wallsLoaded({ userId: 100, walls: [wall(1, 'A')] }));
    expect(state).toEqual({ userId: 100, walls: [wall(1, 'A')], storageError: null });
    const failed = localWallsReducer(state, wallsLoaded({ userId: 100, walls: [], error: LOCAL_STORAGE_ERROR }));
    expect(failed.storageError).toBe(LOCAL_STORAGE_ERROR);
  });

  it("adds 'Untitled wall' with one 7x7 tile at 0,0 and a placeholder id", () => {
    const action = wallAdded({ networkId: 5, tile: newTile(3) });
    expect(action.payload.id).toBeLessThan(0);
    const state = localWallsReducer(stateWith(), action);
    const [added] = state.walls;
    expect(added).toMatchObject({ id: action.payload.id, name: UNTITLED_WALL, network_id: 5, isLocal: true });
    expect(added.is_cross_network).toBe(false);
    expect(added.tiles).toHaveLength(1);
    expect(geometry(added.tiles[0])).toEqual([0, 0, 7, 7]);
    expect(added.tiles[0]).toMatchObject({ video_channel_id: 30, video_layout_id: action.payload.id, phi: null });
    expect(added.tiles[0].id).toBeLessThan(0);
    // The same id twice adds nothing.
    expect(localWallsReducer(state, action).walls).toHaveLength(1);
  });

  it('gives distinct placeholder ids', () => {
    const ids = [placeholderWallId(), placeholderWallId(), placeholderWallId()];
    expect(new Set(ids).size).toBe(3);
    expect(ids.every((id) => id < 0)).toBe(true);
  });

  it('renames and marks the wall unsaved', () => {
    const state = localWallsReducer(stateWith(wall(1, 'A'), wall(2, 'B')), wallRenamed({ wallId: 2, name: 'Docks' }));
    expect(state.walls[1]).toMatchObject({ id: 2, name: 'Docks', isLocal: true });
    expect(state.walls[0].isLocal).toBeUndefined();
  });

  it('removes a wall', () => {
    const state = localWallsReducer(stateWith(wall(1, 'A'), wall(2, 'B')), wallRemoved({ wallId: 1 }));
    expect(state.walls.map((w) => w.id)).toEqual([2]);
  });

  it('adds a tile at the first free 7x7 spot', () => {
    const start = stateWith(wall(1, 'A', [tile(11, 1, 0, 0), tile(12, 2, 14, 0)]));
    const state = localWallsReducer(start, tileAdded({ wallId: 1, tile: newTile(4, 2) }));
    const added = state.walls[0].tiles[2];
    expect(geometry(added)).toEqual([7, 0, 7, 7]);
    expect(added).toMatchObject({ imager_id: 2, video_layout_id: 1, id: -1 });
    expect(state.walls[0].isLocal).toBe(true);
    const next = localWallsReducer(state, tileAdded({ wallId: 1, tile: newTile(5) }));
    expect(next.walls[0].tiles[3].id).toBe(-2);
    expect(geometry(next.walls[0].tiles[3])).toEqual([21, 0, 7, 7]);
  });

  it('removes a tile', () => {
    const start = stateWith(wall(1, 'A', [tile(11, 1, 0, 0), tile(12, 2, 7, 0)]));
    const state = localWallsReducer(start, tileRemoved({ wallId: 1, tileId: 11 }));
    expect(state.walls[0].tiles.map((t) => t.id)).toEqual([12]);
    expect(state.walls[0].isLocal).toBe(true);
  });

  it('swaps positions and sizes, each tile keeping its camera', () => {
    const start = stateWith(wall(1, 'A', [tile(11, 1, 0, 0, 14), tile(12, 2, 14, 0, 7)]));
    const state = localWallsReducer(start, tileSwapped({ wallId: 1, firstTileId: 11, secondTileId: 12 }));
    const [first, second] = state.walls[0].tiles;
    expect([first.id, first.camera.id, ...geometry(first)]).toEqual([11, 1, 14, 0, 7, 7]);
    expect([second.id, second.camera.id, ...geometry(second)]).toEqual([12, 2, 0, 0, 14, 14]);
    expect(localWallsReducer(start, tileSwapped({ wallId: 1, firstTileId: 11, secondTileId: 99 }))).toBe(start);
  });

  it('removes the tiles of a camera, or of one of its imagers', () => {
    const start = stateWith(
      wall(1, 'A', [tile(11, 1, 0, 0, 7, 0), tile(12, 1, 7, 0, 7, 1), tile(13, 2, 14, 0), tile(14, 1, 21, 0, 7, null)]),
    );
    const oneImager = localWallsReducer(start, cameraRemoved({ wallId: 1, cameraId: 1, imagerId: 1 }));
    expect(oneImager.walls[0].tiles.map((t) => t.id)).toEqual([11, 13, 14]);
    const noImager = localWallsReducer(start, cameraRemoved({ wallId: 1, cameraId: 1, imagerId: null }));
    expect(noImager.walls[0].tiles.map((t) => t.id)).toEqual([11, 12, 13]);
    const all = localWallsReducer(start, cameraRemoved({ wallId: 1, cameraId: 1 }));
    expect(all.walls[0].tiles.map((t) => t.id)).toEqual([13]);
    expect(all.walls[0].isLocal).toBe(true);
  });

  it('replaces the tiles on a layout update', () => {
    const tiles = [tile(12, 2, 0, 0, 14)];
    const state = localWallsReducer(stateWith(wall(1, 'A', [tile(11, 1, 0, 0)])), layoutUpdated({ wallId: 1, tiles }));
    expect(state.walls[0].tiles).toEqual(tiles);
    expect(state.walls[0].isLocal).toBe(true);
  });

  it('puts the tiles on the template cells in order, converted to 28 columns', () => {
    const start = stateWith(wall(1, 'A', [tile(11, 1, 0, 0), tile(12, 2, 7, 0), tile(13, 3, 14, 0)]));
    const state = localWallsReducer(start, templateApplied({ wallId: 1, templateId: 'tiles-3' }));
    // 24-column cells (0,0,16) (16,0,8) (16,8,8) → edges ×28/24.
    expect(state.walls[0].tiles.map(geometry)).toEqual([
      [0, 0, 19, 19],
      [19, 0, 9, 9],
      [19, 9, 9, 10],
    ]);
    expect(state.walls[0].tiles.map((t) => t.id)).toEqual([11, 12, 13]);
    expect(state.walls[0].isLocal).toBe(true);
  });

  it('sends the tiles beyond a smaller template to free spots, and ignores unknown templates', () => {
    const start = stateWith(wall(1, 'A', [tile(11, 1, 0, 0), tile(12, 2, 7, 0), tile(13, 3, 14, 0)]));
    const state = localWallsReducer(start, templateApplied({ wallId: 1, templateId: 'tiles-2' }));
    expect(state.walls[0].tiles.map(geometry)).toEqual([
      [0, 0, 14, 14],
      [14, 0, 14, 14],
      [0, 14, 7, 7],
    ]);
    expect(localWallsReducer(start, templateApplied({ wallId: 1, templateId: 'nope' }))).toBe(start);
  });

  it('replaces a saved new wall with the server wall', () => {
    const local = wall(-5, UNTITLED_WALL, [tile(-1, 1, 0, 0)], { isLocal: true, errors: ['old'] });
    const server: VideoWall = wall(7001, 'Docks', [tile(900, 1, 0, 0)]);
    const start = stateWith(wall(1, 'A'), local, wall(2, 'B'));
    const state = localWallsReducer(start, wallSaved({ localId: -5, wall: server }));
    expect(state.walls.map((w) => w.id)).toEqual([1, 7001, 2]);
    expect(state.walls[1]).toEqual(server);
    expect(state.walls[1].isLocal).toBeUndefined();
  });

  it('replaces an updated wall, and adds a saved wall it did not hold', () => {
    const edited = wall(7001, 'Docks', [], { isLocal: true });
    const server = wall(7001, 'Docks 2', [tile(901, 1, 0, 0)]);
    expect(localWallsReducer(stateWith(edited), wallSaved({ localId: 7001, wall: server })).walls).toEqual([server]);
    expect(localWallsReducer(stateWith(), wallSaved({ localId: -1, wall: server })).walls).toEqual([server]);
  });

  it('keeps the local flag and the errors of a failed save', () => {
    const state = localWallsReducer(
      stateWith(wall(7001, 'Docks')),
      wallSaveFailed({ wallId: 7001, errors: ['A wall has at most 16 tiles'] }),
    );
    expect(state.walls[0]).toMatchObject({ isLocal: true, errors: ['A wall has at most 16 tiles'] });
  });

  it("merges the server's list with unsaved local walls", () => {
    const start = stateWith(
      wall(1, 'Edited', [], { isLocal: true }),
      wall(2, 'Old name'),
      wall(3, 'Deleted on the server'),
      wall(-9, 'New', [], { isLocal: true }),
      wall(4, 'Other network', [], { network_id: 6 }),
    );
    const state = localWallsReducer(
      start,
      wallsReceived({ networkId: 5, walls: [wall(1, 'Server'), wall(2, 'Renamed'), wall(8, 'Fresh')] }),
    );
    expect(state.walls.map((w) => [w.id, w.name])).toEqual([
      [1, 'Edited'],
      [2, 'Renamed'],
      [8, 'Fresh'],
      [-9, 'New'],
      [4, 'Other network'],
    ]);
  });
});

describe('local wall selectors', () => {
  it("sorts by name case-insensitively, an empty name as 'Untitled wall'", () => {
    const walls = [wall(1, 'zebra'), wall(2, ''), wall(3, 'Alpha'), wall(4, 'beta'), wall(5, 'alpha')];
    expect(sortWalls(walls).map((w) => w.id)).toEqual([3, 5, 4, 2, 1]);
    const state = stateWith(...walls);
    expect(selectSortedWalls(state)).toBe(selectSortedWalls(state));
  });

  it("picks a network's walls and cross-network walls, and a wall by id", () => {
    const state = stateWith(
      wall(1, 'B'),
      wall(2, 'A', [], { network_id: 6 }),
      wall(3, 'C', [], { network_id: 6, is_cross_network: true }),
    );
    expect(selectNetworkWalls(state, 5).map((w) => w.id)).toEqual([1, 3]);
    expect(selectWallById(state, 2)?.name).toBe('A');
    expect(selectWallById(state, 9)).toBeUndefined();
  });
});

describe('local wall storage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('round-trips a list under mki-walls-{userId}', () => {
    expect(localWallsKey(100)).toBe('mki-walls-100');
    expect(loadLocalWalls(100)).toEqual({ walls: [], error: null });
    expect(saveLocalWalls(100, [wall(1, 'A')])).toBeNull();
    expect(JSON.parse(window.localStorage.getItem('mki-walls-100') ?? '')).toEqual([wall(1, 'A')]);
    expect(loadLocalWalls(100)).toEqual({ walls: [wall(1, 'A')], error: null });
    expect(loadLocalWalls(101).walls).toEqual([]);
  });

  it('only warns about a corrupt entry and gives an empty list', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    window.localStorage.setItem('mki-walls-100', '{oops');
    expect(loadLocalWalls(100)).toEqual({ walls: [], error: null });
    window.localStorage.setItem('mki-walls-100', '{"id": 1}');
    expect(loadLocalWalls(100)).toEqual({ walls: [], error: null });
    window.localStorage.setItem('mki-walls-100', JSON.stringify([wall(1, 'A'), 'junk', { id: 'x' }]));
    expect(loadLocalWalls(100)).toEqual({ walls: [wall(1, 'A')], error: null });
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("answers 'Unable to access Local Storage' when the browser refuses", () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    expect(loadLocalWalls(100)).toEqual({ walls: [], error: LOCAL_STORAGE_ERROR });
    expect(saveLocalWalls(100, [])).toBe(LOCAL_STORAGE_ERROR);
  });

  it('saves after each action once a list is loaded', () => {
    const store = configureStore({
      reducer: { localWalls: localWallsReducer },
      middleware: (getDefault) => getDefault().prepend(localWallsListener.middleware),
    });
    store.dispatch(wallsLoaded({ userId: 100, walls: [wall(1, 'A')] }));
    expect(window.localStorage.getItem('mki-walls-100')).toBeNull();
    store.dispatch(wallRenamed({ wallId: 1, name: 'Docks' }));
    expect(loadLocalWalls(100).walls).toEqual([{ ...wall(1, 'Docks'), isLocal: true }]);
  });
});
