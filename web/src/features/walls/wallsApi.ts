import { baseApi } from '../../api/baseApi';
import type { components } from '../../api/schema.gen';

export type VideoWall = components['schemas']['VideoWall'];
export type WallTile = components['schemas']['WallTile'];

/** Walls are cached per network; the wall editor's create/update/delete calls will invalidate these tags. */
export const wallsApi = baseApi.enhanceEndpoints({ addTagTypes: ['Walls'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /n/{networkId}/manage/vision/walls: the network's walls and the organization's cross-network walls. */
    getWalls: build.query<VideoWall[], number>({
      query: (networkId) => `/n/${networkId}/manage/vision/walls`,
      providesTags: (_result, _error, networkId) => [{ type: 'Walls', id: `network-${networkId}` }],
    }),
  }),
});

export const { useGetWallsQuery } = wallsApi;
