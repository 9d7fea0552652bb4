import { baseApi } from '../../api/baseApi';
import type { components } from '../../api/schema.gen';

export type VideoWall = components['schemas']['VideoWall'];
export type WallTile = components['schemas']['WallTile'];
export type WallTileInput = components['schemas']['WallTileInput'];

/** What a save sends of a tile: its cell on the 28-column grid, its channel and its view (a local tile fits). */
export type SavedTile = Pick<WallTile, 'x' | 'y' | 'w' | 'h' | 'video_channel_id'> &
  Partial<Pick<WallTile, 'imager_id' | 'theta' | 'phi' | 'fov'>>;

export interface CreateWallArg {
  networkId: number;
  name: string;
  tiles: readonly SavedTile[];
}

export interface UpdateWallArg {
  networkId: number;
  id: number;
  name: string;
  /** Absent: the server keeps the wall's tiles (a rename). */
  tiles?: readonly SavedTile[];
}

export interface DeleteWallArg {
  networkId: number;
  id: number;
}

const wallsTag = (networkId: number) => ({ type: 'Walls' as const, id: `network-${networkId}` });

function asString(value: number | null | undefined): string | null {
  return value == null ? null : String(value);
}

/**
 * A tile as the body of a save: only what the server reads (ids and cameras are ignored there). With
 * `anglesAsStrings` (the spec's PUT form) theta, phi and fov go as strings; null stays null.
 */
export function wallTileInput(tile: SavedTile, anglesAsStrings = false): WallTileInput {
  const { x, y, w, h, video_channel_id } = tile;
  const imager_id = tile.imager_id ?? null;
  const [theta, phi, fov] = [tile.theta ?? null, tile.phi ?? null, tile.fov ?? null];
  if (!anglesAsStrings) return { x, y, w, h, video_channel_id, imager_id, theta, phi, fov };
  return { x, y, w, h, video_channel_id, imager_id, theta: asString(theta), phi: asString(phi), fov: asString(fov) };
}

/**
 * Walls are cached per network (tag `Walls`, id `network-{networkId}`); create, update and delete invalidate the
 * network they were called in (a delete also its rotations, which lose the wall). Errors are `{"errors": [...]}`
 * answers, turned into `ApiError` by the base client.
 */
export const wallsApi = baseApi.enhanceEndpoints({ addTagTypes: ['Walls', 'Rotations'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /n/{networkId}/manage/vision/walls: the network's walls and the organization's cross-network walls. */
    getWalls: build.query<VideoWall[], number>({
      query: (networkId) => `/n/${networkId}/manage/vision/walls`,
      providesTags: (_result, _error, networkId) => [wallsTag(networkId)],
    }),
    /** POST /n/{networkId}/manage/vision/walls {name, tiles}: 201, the wall (id, network_id, is_cross_network…). */
    createWall: build.mutation<VideoWall, CreateWallArg>({
      query: ({ networkId, name, tiles }) => ({
        url: `/n/${networkId}/manage/vision/walls`,
        method: 'POST',
        body: { name, tiles: tiles.map((tile) => wallTileInput(tile)) },
      }),
      invalidatesTags: (_result, _error, { networkId }) => [wallsTag(networkId)],
    }),
    /** PUT /n/{networkId}/manage/vision/walls {id, name, tiles} (the spec's form: theta, phi, fov as strings). */
    updateWall: build.mutation<VideoWall, UpdateWallArg>({
      query: ({ networkId, id, name, tiles }) => ({
        url: `/n/${networkId}/manage/vision/walls`,
        method: 'PUT',
        body: { id, name, ...(tiles ? { tiles: tiles.map((tile) => wallTileInput(tile, true)) } : {}) },
      }),
      invalidatesTags: (_result, _error, { networkId }) => [wallsTag(networkId)],
    }),
    /** DELETE /n/{networkId}/manage/vision/walls/{id}: 204; the wall also leaves every rotation. */
    deleteWall: build.mutation<null, DeleteWallArg>({
      query: ({ networkId, id }) => ({ url: `/n/${networkId}/manage/vision/walls/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { networkId }) => [
        wallsTag(networkId),
        { type: 'Rotations', id: `network-${networkId}` },
      ],
    }),
  }),
});

export const { useGetWallsQuery, useCreateWallMutation, useUpdateWallMutation, useDeleteWallMutation } = wallsApi;
