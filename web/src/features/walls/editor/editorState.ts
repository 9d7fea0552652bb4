import type { UnknownAction } from '@reduxjs/toolkit';
import type { Camera } from '../../../api/types';
import type { DewarpView } from '../../dewarp';
import { type GridRect, MAX_TILES, resizeSquare } from '../model/grid';
import {
  cameraRemoved,
  layoutUpdated,
  type LocalWall,
  type LocalWallsState,
  localWallsReducer,
  localWallsSlice,
  tileAdded,
  tileRemoved,
  tileSwapped,
} from '../model/localWalls';
import { withTileView } from '../tile/tileViewModel';
import type { VideoWall, WallTile } from '../wallsApi';

/**
 * The editor's working state (spec 02 §2 "Wall creation/edit flow", §4 "Wall edit"). The wall itself is edited by the
 * local wall list's reducer (`model/localWalls.ts`) run on a list of one wall, so the editor needs no store slice; the
 * rest is the stage, the picker's selection and the tile chosen for a swap.
 */

export type EditorStage = 'ADD_CAMERA' | 'WALL_CONFIG';

/** Placeholder id of a wall the server does not have yet. */
export const NEW_WALL_ID = -1;

export interface EditorState {
  stage: EditorStage;
  /** Cameras ticked in the picker, in the order they were ticked. */
  selectedCameraIds: number[];
  /** The tile chosen first in a swap (spec §4: none, first tile chosen, second swaps and clears). */
  swapTileId: number | null;
  /** A list holding only the edited wall. */
  walls: LocalWallsState;
}

export type EditorAction =
  | { type: 'editor/stageChanged'; stage: EditorStage }
  | { type: 'editor/cameraToggled'; cameraId: number }
  /** 'configure cameras': tiles of unticked cameras leave, ticked cameras without a tile get one (first free spot). */
  | { type: 'editor/camerasConfigured'; cameras: readonly Camera[] }
  | { type: 'editor/swapStarted'; tileId: number }
  | { type: 'editor/swapCancelled' }
  /** The tile becomes a `size` square, shrinking as needed to overlap no other tile (never below 4x4). */
  | { type: 'editor/tileResized'; tileId: number; size: number }
  /** A fisheye tile's view (spec 02 §3 "Wall tile": phi present = dewarped): its phi/theta/fov, null = raw. */
  | { type: 'editor/tileViewChanged'; tileId: number; view: DewarpView | null }
  | UnknownAction;

export function initialEditorState(networkId: number, wall?: VideoWall): EditorState {
  const edited: LocalWall = wall
    ? { ...wall, tiles: wall.tiles.map((tile) => ({ ...tile })) }
    : { id: NEW_WALL_ID, name: '', network_id: networkId, is_cross_network: false, tiles: [], isLocal: true };
  return {
    stage: edited.tiles.length > 0 ? 'WALL_CONFIG' : 'ADD_CAMERA',
    selectedCameraIds: camerasOnTiles(edited.tiles),
    swapTileId: null,
    walls: { userId: null, walls: [edited], storageError: null },
  };
}

/** The edited wall (the only one of the state's list). */
export function editedWall(state: EditorState): LocalWall {
  return state.walls.walls[0];
}

function tileCameraId(tile: WallTile): number | null {
  return tile.camera?.id ?? null;
}

/** The distinct cameras shown by the tiles, in tile order. */
export function camerasOnTiles(tiles: readonly WallTile[]): number[] {
  const ids = tiles.map(tileCameraId).filter((id): id is number => id !== null);
  return [...new Set(ids)];
}

/**
 * Tiles the wall would have once the selection is configured: the tiles of still-selected cameras (or of no camera)
 * plus one per selected camera without a tile. The picker's limit (spec §5) applies to this number.
 */
export function plannedTileCount(state: EditorState): number {
  const selected = new Set(state.selectedCameraIds);
  const tiles = editedWall(state).tiles;
  const kept = tiles.filter((tile) => {
    const id = tileCameraId(tile);
    return id === null || selected.has(id);
  }).length;
  const onTiles = new Set(camerasOnTiles(tiles));
  return kept + state.selectedCameraIds.filter((id) => !onTiles.has(id)).length;
}

/** True when the selection or the wall is over the 16-tile limit. */
export function isOverLimit(state: EditorState): boolean {
  return plannedTileCount(state) > MAX_TILES;
}

function runWall(state: EditorState, action: UnknownAction): EditorState {
  const walls = localWallsReducer(state.walls, action);
  return walls === state.walls ? state : { ...state, walls };
}

function isWallAction(action: UnknownAction): boolean {
  return action.type.startsWith(`${localWallsSlice.name}/`);
}

function configure(state: EditorState, cameras: readonly Camera[]): EditorState {
  const wallId = editedWall(state).id;
  const selected = new Set(state.selectedCameraIds);
  let next = state;
  for (const cameraId of camerasOnTiles(editedWall(state).tiles)) {
    if (!selected.has(cameraId)) next = runWall(next, cameraRemoved({ wallId, cameraId }));
  }
  const onTiles = new Set(camerasOnTiles(editedWall(next).tiles));
  const byId = new Map(cameras.map((camera) => [camera.id, camera]));
  for (const cameraId of state.selectedCameraIds) {
    const camera = byId.get(cameraId);
    if (onTiles.has(cameraId) || !camera) continue;
    next = runWall(next, tileAdded({ wallId, tile: { video_channel_id: camera.channel.id, camera } }));
  }
  // Cameras that were ticked but are no longer listed cannot get a tile; they leave the selection.
  const selectedIds = state.selectedCameraIds.filter((id) => onTiles.has(id) || byId.has(id));
  return { ...next, stage: 'WALL_CONFIG', swapTileId: null, selectedCameraIds: selectedIds };
}

function resize(state: EditorState, tileId: number, size: number): EditorState {
  const wall = editedWall(state);
  const tile = wall.tiles.find((candidate) => candidate.id === tileId);
  if (!tile) return state;
  const others: GridRect[] = wall.tiles.filter((candidate) => candidate.id !== tileId);
  const resized = resizeSquare(tile, size, others);
  if (resized.w === tile.w && resized.x === tile.x) return state;
  const tiles = wall.tiles.map((candidate) => (candidate.id === tileId ? resized : candidate));
  return runWall(state, layoutUpdated({ wallId: wall.id, tiles }));
}

function setTileView(state: EditorState, tileId: number, view: DewarpView | null): EditorState {
  const wall = editedWall(state);
  if (!wall.tiles.some((tile) => tile.id === tileId)) return state;
  const tiles = wall.tiles.map((tile) => (tile.id === tileId ? withTileView(tile, view) : tile));
  return runWall(state, layoutUpdated({ wallId: wall.id, tiles }));
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'editor/stageChanged': {
      const { stage } = action as Extract<EditorAction, { type: 'editor/stageChanged' }>;
      return { ...state, stage, swapTileId: null };
    }
    case 'editor/cameraToggled': {
      const { cameraId } = action as Extract<EditorAction, { type: 'editor/cameraToggled' }>;
      const selected = state.selectedCameraIds.includes(cameraId)
        ? state.selectedCameraIds.filter((id) => id !== cameraId)
        : [...state.selectedCameraIds, cameraId];
      return { ...state, selectedCameraIds: selected };
    }
    case 'editor/camerasConfigured':
      return configure(state, (action as Extract<EditorAction, { type: 'editor/camerasConfigured' }>).cameras);
    case 'editor/swapStarted':
      return { ...state, swapTileId: (action as Extract<EditorAction, { type: 'editor/swapStarted' }>).tileId };
    case 'editor/swapCancelled':
      return { ...state, swapTileId: null };
    case 'editor/tileResized': {
      const { tileId, size } = action as Extract<EditorAction, { type: 'editor/tileResized' }>;
      return resize(state, tileId, size);
    }
    case 'editor/tileViewChanged': {
      const { tileId, view } = action as Extract<EditorAction, { type: 'editor/tileViewChanged' }>;
      return setTileView(state, tileId, view);
    }
    default:
      break;
  }
  if (!isWallAction(action)) return state;
  let next = runWall(state, action);
  if (tileSwapped.match(action)) next = { ...next, swapTileId: null };
  if (tileRemoved.match(action)) {
    // A camera whose last tile left is no longer selected, so 'previous' shows the picker as the wall is.
    const onTiles = new Set(camerasOnTiles(editedWall(next).tiles));
    const removed = editedWall(state).tiles.find((tile) => tile.id === action.payload.tileId);
    const cameraId = removed ? tileCameraId(removed) : null;
    const selected =
      cameraId !== null && !onTiles.has(cameraId)
        ? next.selectedCameraIds.filter((id) => id !== cameraId)
        : next.selectedCameraIds;
    next = { ...next, selectedCameraIds: selected, swapTileId: next.swapTileId === action.payload.tileId ? null : next.swapTileId };
  }
  return next;
}
