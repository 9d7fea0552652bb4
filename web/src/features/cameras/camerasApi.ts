import { type ArgusRequest, baseApi } from '../../api/baseApi';
import type { Camera, FloorPlan } from '../../api/types';
import { normalizeFloorPlan, type NormalizedFloorPlan } from './floorPlans';

export interface GetCamerasArg {
  networkId: number;
  /** Comma-separated subset of top-level fields; absent means the full camera objects. */
  fields?: string;
}

function camerasRequest({ networkId, fields }: GetCamerasArg): ArgusRequest {
  return { url: `/n/${networkId}/manage/vision/cameras`, params: { fields } };
}

export const camerasApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** With `fields` the objects hold only those fields; the status refresh merges them into the full list. */
    getCameras: build.query<Camera[], GetCamerasArg>({
      query: camerasRequest,
      providesTags: (_result, _error, { networkId }) => [{ type: 'Cameras', id: `network-${networkId}` }],
    }),
    /** A network's node group id equals its network id. */
    getFloorPlans: build.query<NormalizedFloorPlan[], number>({
      query: (networkId) => `/node_groups/${networkId}/floorplans`,
      transformResponse: (plans: FloorPlan[]) => plans.map(normalizeFloorPlan),
      providesTags: (_result, _error, networkId) => [{ type: 'FloorPlans', id: `network-${networkId}` }],
    }),
  }),
});

export const { useGetCamerasQuery, useGetFloorPlansQuery } = camerasApi;
