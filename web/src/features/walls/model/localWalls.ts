import { createListenerMiddleware, createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { LOCAL_STORAGE_ERROR } from '../../preferences/preferencesSlice';
import { wallDisplayName } from '../wallModel';
import type { VideoWall, WallTile } from '../wallsApi';
import { DEFAULT_TILE, firstFreeSpot, templateToEditor } from './grid';
import { templateById } from './templates';

/**
 * The browser's wall list (spec 02 §4 "Wall list", "Wall save"; §7 local storage `mki-walls-{userId}`).
 *
 * It holds the server's walls (`wallsReceived`) and the editor's work on them. `isLocal` marks a wall with changes the
 * server does not have yet: a new wall (with a negative placeholder id) or a server wall edited in the browser. Every
 * editing action sets it; `wallSaved` replaces the wall with the server's answer and clears it; `wallSaveFailed` keeps
 * it and stores the errors. Tiles use the editor's 28-column grid (`grid.ts`).
 */

export const UNTITLED_WALL = 'Untitled wall';
export { LOCAL_STORAGE_ERROR };

/** A wall of the browser's list: the server's shape plus the portal-side flags. */
export type LocalWall = VideoWall & {
  /** Changes the server does not have yet (a new wall has a negative placeholder id). */
  isLocal?: boolean;
  /** Messages of the last failed save. */
  errors?: string[];
};

/** What a new tile shows: the camera (its channel) and, optionally, an imager or a dewarped view. */
export type NewTile = Pick<WallTile, 'video_channel_id' | 'camera'> &
  Partial<Pick<WallTile, 'imager_id' | 'theta' | 'phi' | 'fov'>>;

export interface LocalWallsState {
  /** Whose list this is (`mki-walls-{userId}`); null before `wallsLoaded`. */
  userId: number | null;
  walls: LocalWall[];
  /** 'Unable to access Local Storage' when the list could not be read or written. */
  storageError: string | null;
}

export const initialLocalWallsState: LocalWallsState = { userId: null, walls: [], storageError: null };

export function localWallsKey(userId: number): string {
  return `mki-walls-${userId}`;
}

let lastPlaceholder = 0;

/** A negative id no server wall has, unique in this browser (time based, so it survives a reload). */
export function placeholderWallId(): number {
  lastPlaceholder = Math.min(lastPlaceholder - 1, -Date.now());
  return lastPlaceholder;
}

export function isPlaceholderId(id: number): boolean {
  return id < 0;
}

function makeTile(wall: LocalWall, tile: NewTile, position: { x: number; y: number }): WallTile {
  const lowestId = Math.min(0, ...wall.tiles.map((existing) => existing.id));
  return {
    imager_id: null,
    theta: null,
    phi: null,
    fov: null,
    ...tile,
    id: lowestId - 1,
    video_layout_id: wall.id,
    x: position.x,
    y: position.y,
    w: DEFAULT_TILE,
    h: DEFAULT_TILE,
  };
}

function tileMatches(tile: WallTile, cameraId: number, imagerId: number | null | undefined): boolean {
  return tile.camera.id === cameraId && (imagerId === undefined || tile.imager_id === imagerId);
}

export const localWallsSlice = createSlice({
  name: 'localWalls',
  initialState: initialLocalWallsState,
  reducers: {
    /** The list read from local storage for a user (`loadLocalWalls`). */
    wallsLoaded(state, action: PayloadAction<{ userId: number; walls: LocalWall[]; error?: string | null }>) {
      state.userId = action.payload.userId;
      state.walls = action.payload.walls;
      state.storageError = action.payload.error ?? null;
    },
    /**
     * The server's list of a network: server walls come in, except where the browser holds unsaved changes of the same
     * wall; new local walls stay; other walls of that network the server no longer lists leave.
     */
    wallsReceived(state, action: PayloadAction<{ networkId: number; walls: VideoWall[] }>) {
      const { networkId, walls } = action.payload;
      const served = new Set(walls.map((wall) => wall.id));
      const unsaved = new Map(state.walls.filter((wall) => wall.isLocal).map((wall) => [wall.id, wall]));
      const kept = state.walls.filter(
        (wall) =>
          !served.has(wall.id) &&
          (isPlaceholderId(wall.id) || (wall.network_id !== networkId && !wall.is_cross_network)),
      );
      state.walls = [...walls.map((wall) => unsaved.get(wall.id) ?? wall), ...kept];
    },
    /** A new wall 'Untitled wall' with one 7x7 tile at 0,0 (spec §4). The id is a placeholder until it is saved. */
    wallAdded: {
      reducer(state, action: PayloadAction<{ id: number; networkId: number; tile: NewTile }>) {
        const { id, networkId, tile } = action.payload;
        if (state.walls.some((wall) => wall.id === id)) return;
        const wall: LocalWall = {
          id,
          name: UNTITLED_WALL,
          network_id: networkId,
          is_cross_network: false,
          tiles: [],
          isLocal: true,
        };
        wall.tiles = [makeTile(wall, tile, { x: 0, y: 0 })];
        state.walls.push(wall);
      },
      prepare(payload: { networkId: number; tile: NewTile; id?: number }) {
        return { payload: { ...payload, id: payload.id ?? placeholderWallId() } };
      },
    },
    wallRenamed(state, action: PayloadAction<{ wallId: number; name: string }>) {
      const wall = state.walls.find((candidate) => candidate.id === action.payload.wallId);
      if (!wall) return;
      wall.name = action.payload.name;
      wall.isLocal = true;
    },
    wallRemoved(state, action: PayloadAction<{ wallId: number }>) {
      state.walls = state.walls.filter((wall) => wall.id !== action.payload.wallId);
    },
    /** A tile at the first free 7x7 spot of the 28-column grid (else 0,0). */
    tileAdded(state, action: PayloadAction<{ wallId: number; tile: NewTile }>) {
      const wall = state.walls.find((candidate) => candidate.id === action.payload.wallId);
      if (!wall) return;
      wall.tiles.push(makeTile(wall, action.payload.tile, firstFreeSpot(wall.tiles)));
      wall.isLocal = true;
    },
    tileRemoved(state, action: PayloadAction<{ wallId: number; tileId: number }>) {
      const wall = state.walls.find((candidate) => candidate.id === action.payload.wallId);
      if (!wall) return;
      wall.tiles = wall.tiles.filter((tile) => tile.id !== action.payload.tileId);
      wall.isLocal = true;
    },
    /** The two tiles exchange positions and sizes (spec §4); each keeps its camera. */
    tileSwapped(state, action: PayloadAction<{ wallId: number; firstTileId: number; secondTileId: number }>) {
      const wall = state.walls.find((candidate) => candidate.id === action.payload.wallId);
      const first = wall?.tiles.find((tile) => tile.id === action.payload.firstTileId);
      const second = wall?.tiles.find((tile) => tile.id === action.payload.secondTileId);
      if (!wall || !first || !second || first === second) return;
      const { x, y, w, h } = first;
      Object.assign(first, { x: second.x, y: second.y, w: second.w, h: second.h });
      Object.assign(second, { x, y, w, h });
      wall.isLocal = true;
    },
    /**
     * Removes the wall's tiles of a camera (spec §4). With `imagerId` (null included) only the tiles of that imager;
     * without, every tile of the camera.
     */
    cameraRemoved(state, action: PayloadAction<{ wallId: number; cameraId: number; imagerId?: number | null }>) {
      const { wallId, cameraId, imagerId } = action.payload;
      const wall = state.walls.find((candidate) => candidate.id === wallId);
      if (!wall) return;
      wall.tiles = wall.tiles.filter((tile) => !tileMatches(tile, cameraId, imagerId));
      wall.isLocal = true;
    },
    /** The editor's new arrangement: replaces every tile. */
    layoutUpdated(state, action: PayloadAction<{ wallId: number; tiles: WallTile[] }>) {
      const wall = state.walls.find((candidate) => candidate.id === action.payload.wallId);
      if (!wall) return;
      wall.tiles = action.payload.tiles;
      wall.isLocal = true;
    },
    /**
     * Puts the existing tiles, in order, on the template's cells converted to 28 columns (spec §4). Tiles beyond the
     * template's cells go to the first free 7x7 spot after it; cells beyond the tiles stay empty. Unknown ids do
     * nothing.
     */
    templateApplied(state, action: PayloadAction<{ wallId: number; templateId: string }>) {
      const wall = state.walls.find((candidate) => candidate.id === action.payload.wallId);
      const template = templateById(action.payload.templateId);
      if (!wall || !template) return;
      const placed: WallTile[] = [];
      for (const [index, tile] of wall.tiles.entries()) {
        const cell = template.cells[index];
        const rect = cell ? templateToEditor(cell) : { ...firstFreeSpot(placed), w: DEFAULT_TILE, h: DEFAULT_TILE };
        Object.assign(tile, rect);
        placed.push(tile);
      }
      wall.isLocal = true;
    },
    /**
     * The server's answer to a create or an update replaces the wall (`localId`: the placeholder of a new wall, or
     * the id of an edited one), without the local flag and errors.
     */
    wallSaved(state, action: PayloadAction<{ localId: number; wall: VideoWall }>) {
      const { localId, wall } = action.payload;
      const saved: LocalWall = { ...wall };
      const index = state.walls.findIndex((candidate) => candidate.id === localId);
      const others = state.walls.filter((candidate) => candidate.id !== localId && candidate.id !== wall.id);
      if (index === -1) others.push(saved);
      else others.splice(Math.min(index, others.length), 0, saved);
      state.walls = others;
    },
    /** A failed create or update: the wall keeps its local flag and gets the server's messages. */
    wallSaveFailed(state, action: PayloadAction<{ wallId: number; errors: string[] }>) {
      const wall = state.walls.find((candidate) => candidate.id === action.payload.wallId);
      if (!wall) return;
      wall.isLocal = true;
      wall.errors = action.payload.errors;
    },
  },
});

export const {
  wallsLoaded,
  wallsReceived,
  wallAdded,
  wallRenamed,
  wallRemoved,
  tileAdded,
  tileRemoved,
  tileSwapped,
  cameraRemoved,
  layoutUpdated,
  templateApplied,
  wallSaved,
  wallSaveFailed,
} = localWallsSlice.actions;

export const localWallsReducer = localWallsSlice.reducer;

/** Walls by shown name (empty: 'Untitled wall', spec §5), case-insensitive, then id (the server's order, spec §4). */
export function sortWalls<T extends Pick<VideoWall, 'id' | 'name'>>(walls: readonly T[]): T[] {
  return [...walls].sort((a, b) => {
    const nameA = wallDisplayName(a, UNTITLED_WALL).toLowerCase();
    const nameB = wallDisplayName(b, UNTITLED_WALL).toLowerCase();
    if (nameA !== nameB) return nameA < nameB ? -1 : 1;
    return a.id - b.id;
  });
}

/** The walls, sorted for the side panel. */
export const selectSortedWalls = createSelector([(state: LocalWallsState) => state.walls], (walls) => sortWalls(walls));

/** The walls of a network's list: its own walls and cross-network walls, sorted. */
export function selectNetworkWalls(state: LocalWallsState, networkId: number): LocalWall[] {
  return selectSortedWalls(state).filter((wall) => wall.network_id === networkId || wall.is_cross_network);
}

export function selectWallById(state: LocalWallsState, wallId: number): LocalWall | undefined {
  return state.walls.find((wall) => wall.id === wallId);
}

function looksLikeWall(value: unknown): value is LocalWall {
  if (typeof value !== 'object' || value === null) return false;
  const wall = value as Record<string, unknown>;
  return typeof wall.id === 'number' && typeof wall.name === 'string' && Array.isArray(wall.tiles);
}

/**
 * The stored list of a user. Missing: empty. Corrupt (not JSON, not a list): a warning and an empty list, no error
 * (spec §8); entries that are not walls are dropped. Storage that cannot be read: an empty list and the error
 * 'Unable to access Local Storage'.
 */
export function loadLocalWalls(userId: number): { walls: LocalWall[]; error: string | null } {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(localWallsKey(userId));
  } catch {
    console.warn(LOCAL_STORAGE_ERROR);
    return { walls: [], error: LOCAL_STORAGE_ERROR };
  }
  if (raw == null) return { walls: [], error: null };
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) throw new Error('not a list');
    return { walls: parsed.filter(looksLikeWall), error: null };
  } catch (error) {
    console.warn(`Unable to load the local walls of user ${userId}`, error);
    return { walls: [], error: null };
  }
}

/** Stores a user's list; returns 'Unable to access Local Storage' when the browser refuses, else null. */
export function saveLocalWalls(userId: number, walls: readonly LocalWall[]): string | null {
  try {
    window.localStorage.setItem(localWallsKey(userId), JSON.stringify(walls));
    return null;
  } catch {
    console.warn(LOCAL_STORAGE_ERROR);
    return LOCAL_STORAGE_ERROR;
  }
}

/**
 * Saves the list after every action of the slice once a user's list was loaded (`wallsLoaded`). Register with
 * `.prepend(localWallsListener.middleware)` next to the preferences listener in `app/store.ts`.
 */
export const localWallsListener = createListenerMiddleware();
localWallsListener.startListening({
  predicate: (action) => action.type.startsWith(`${localWallsSlice.name}/`) && action.type !== wallsLoaded.type,
  effect: (_action, listenerApi) => {
    const { localWalls } = listenerApi.getState() as { localWalls: LocalWallsState };
    if (localWalls.userId != null) saveLocalWalls(localWalls.userId, localWalls.walls);
  },
});
