import { describe, expect, it } from 'vitest';
import { liveCamera, makeTile, makeWall } from '../test/wallFixtures';
import { tileRemoved } from '../model/localWalls';
import { editedWall, editorReducer, initialEditorState, isOverLimit, NEW_WALL_ID, plannedTileCount } from './editorState';

const cams = [1, 2, 3].map((id) => liveCamera(id, `Cam ${id}`));

describe('editorState', () => {
  it('starts a new wall empty in ADD_CAMERA and a wall with tiles in WALL_CONFIG', () => {
    const fresh = initialEditorState(5);
    expect(fresh.stage).toBe('ADD_CAMERA');
    expect(editedWall(fresh)).toMatchObject({ id: NEW_WALL_ID, name: '', network_id: 5, tiles: [] });
    const existing = initialEditorState(5, makeWall(3, 'Lobby', [makeTile(cams[0])]));
    expect(existing.stage).toBe('WALL_CONFIG');
    expect(existing.selectedCameraIds).toEqual([1]);
  });

  it('configures the selection: unticked cameras lose their tiles, new ones get the first free spot', () => {
    let state = initialEditorState(5, makeWall(3, 'Lobby', [makeTile(cams[0], { x: 0, y: 0 }), makeTile(cams[1], { x: 7, y: 0 })]));
    state = editorReducer(state, { type: 'editor/cameraToggled', cameraId: 1 });
    state = editorReducer(state, { type: 'editor/cameraToggled', cameraId: 3 });
    expect(plannedTileCount(state)).toBe(2);
    state = editorReducer(state, { type: 'editor/camerasConfigured', cameras: cams });
    expect(editedWall(state).tiles.map((tile) => [tile.camera.id, tile.x, tile.y])).toEqual([
      [2, 7, 0],
      [3, 0, 0],
    ]);
    expect(state.stage).toBe('WALL_CONFIG');
  });

  it('counts tiles against the limit and unticks a camera whose last tile is removed', () => {
    let state = initialEditorState(5, makeWall(3, 'Lobby', [makeTile(cams[0])]));
    const tileId = editedWall(state).tiles[0].id;
    state = editorReducer(state, { type: 'editor/swapStarted', tileId });
    state = editorReducer(state, tileRemoved({ wallId: 3, tileId }));
    expect(state.selectedCameraIds).toEqual([]);
    expect(state.swapTileId).toBeNull();
    expect(isOverLimit(state)).toBe(false);
  });

  it('keeps resized tiles square, at least 4x4 and clear of the others', () => {
    let state = initialEditorState(5, makeWall(3, 'Lobby', [makeTile(cams[0], { x: 0 }), makeTile(cams[1], { x: 10 })]));
    const [first] = editedWall(state).tiles;
    state = editorReducer(state, { type: 'editor/tileResized', tileId: first.id, size: 2 });
    expect(editedWall(state).tiles[0]).toMatchObject({ w: 4, h: 4 });
    state = editorReducer(state, { type: 'editor/tileResized', tileId: first.id, size: 20 });
    expect(editedWall(state).tiles[0]).toMatchObject({ x: 0, w: 10, h: 10 });
  });

  it("sets a tile's dewarped view (phi/theta/fov) and clears it (raw), leaving the other tiles", () => {
    const fisheye = liveCamera(9, 'Fish', { type: 'fisheye' });
    let state = initialEditorState(5, makeWall(3, 'Lobby', [makeTile(cams[0], { x: 0 }), makeTile(fisheye, { x: 7 })]));
    const [first, second] = editedWall(state).tiles;
    state = editorReducer(state, { type: 'editor/tileViewChanged', tileId: second.id, view: { phi: 2, theta: 1, fov: 40 } });
    expect(editedWall(state).tiles[1]).toMatchObject({ id: second.id, x: 7, phi: 2, theta: 1, fov: 40 });
    expect(editedWall(state).tiles[0]).toEqual(first);
    expect(editedWall(state).isLocal).toBe(true);
    state = editorReducer(state, { type: 'editor/tileViewChanged', tileId: second.id, view: null });
    expect(editedWall(state).tiles[1]).toMatchObject({ phi: null, theta: null, fov: null });
    expect(editorReducer(state, { type: 'editor/tileViewChanged', tileId: 999, view: null })).toBe(state);
  });
});
