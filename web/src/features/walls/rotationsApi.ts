import { baseApi } from '../../api/baseApi';
import type { components } from '../../api/schema.gen';

export type WallRotation = components['schemas']['WallRotation'];
export type WallRotationInput = components['schemas']['WallRotationInput'];

export interface RotationsArg {
  orgId: number;
  networkId: number;
}

export interface CreateRotationArg extends RotationsArg {
  /** {name, waitDuration (seconds), videoWallSequence (wall ids)}. */
  body: WallRotationInput;
}

export interface UpdateRotationArg extends CreateRotationArg {
  id: number;
}

export interface DeleteRotationArg extends RotationsArg {
  id: number;
}

const rotationsPath = (orgId: number) => `/api/v1/organizations/${orgId}/camera/videoWallRotations`;
const rotationsTag = (networkId: number) => ({ type: 'Rotations' as const, id: `network-${networkId}` });

/**
 * Wall rotations of a network (spec 02 §7; docs/design/walls.md "Rotations"), cached per network (tag `Rotations`,
 * id `network-{networkId}`). `orgId` must be the session's organization (any other answers 404). Every call sends
 * `?networkId`: required on GET and POST, and on PUT and DELETE it makes the server check the rotation is that
 * network's. Errors are `{"errors": [...]}` answers, turned into `ApiError` by the base client.
 */
export const rotationsApi = baseApi.enhanceEndpoints({ addTagTypes: ['Rotations'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET .../videoWallRotations?networkId: the network's rotations by id. */
    getRotations: build.query<WallRotation[], RotationsArg>({
      query: ({ orgId, networkId }) => ({ url: rotationsPath(orgId), params: { networkId } }),
      providesTags: (_result, _error, { networkId }) => [rotationsTag(networkId)],
    }),
    /** POST .../videoWallRotations?networkId {name, waitDuration, videoWallSequence}: 201 with the rotation. */
    createRotation: build.mutation<WallRotation, CreateRotationArg>({
      query: ({ orgId, networkId, body }) => ({
        url: rotationsPath(orgId),
        method: 'POST',
        params: { networkId },
        body,
      }),
      invalidatesTags: (_result, _error, { networkId }) => [rotationsTag(networkId)],
    }),
    /** PUT .../videoWallRotations/{id}?networkId with every field: 200 with the rotation. */
    updateRotation: build.mutation<WallRotation, UpdateRotationArg>({
      query: ({ orgId, networkId, id, body }) => ({
        url: `${rotationsPath(orgId)}/${id}`,
        method: 'PUT',
        params: { networkId },
        body,
      }),
      invalidatesTags: (_result, _error, { networkId }) => [rotationsTag(networkId)],
    }),
    /** DELETE .../videoWallRotations/{id}?networkId: 204. */
    deleteRotation: build.mutation<null, DeleteRotationArg>({
      query: ({ orgId, networkId, id }) => ({
        url: `${rotationsPath(orgId)}/${id}`,
        method: 'DELETE',
        params: { networkId },
      }),
      invalidatesTags: (_result, _error, { networkId }) => [rotationsTag(networkId)],
    }),
  }),
});

export const {
  useGetRotationsQuery,
  useCreateRotationMutation,
  useUpdateRotationMutation,
  useDeleteRotationMutation,
} = rotationsApi;
