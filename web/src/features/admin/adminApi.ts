import { baseApi } from '../../api/baseApi';
import type { Camera, CameraInput, CameraSource } from '../../api/types';

export interface CameraRef {
  networkId: number;
  cameraId: number;
}

export interface AddCameraArg {
  networkId: number;
  input: CameraInput;
}

export interface UpdateCameraArg extends CameraRef {
  input: CameraInput;
}

function camerasUrl(networkId: number): string {
  return `/n/${networkId}/manage/vision/cameras`;
}

function networkCamerasTag(networkId: number) {
  return [{ type: 'Cameras' as const, id: `network-${networkId}` }];
}

/** Camera management (write administrators): add, edit, remove, and the stream URLs with their credentials. */
export const adminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Credentials inside: never kept once the edit form is closed. */
    getCameraSource: build.query<CameraSource, CameraRef>({
      query: ({ networkId, cameraId }) => `${camerasUrl(networkId)}/${cameraId}/source`,
      keepUnusedDataFor: 0,
    }),
    addCamera: build.mutation<Camera, AddCameraArg>({
      query: ({ networkId, input }) => ({ url: camerasUrl(networkId), method: 'POST', body: input }),
      invalidatesTags: (_result, _error, { networkId }) => networkCamerasTag(networkId),
    }),
    updateCamera: build.mutation<Camera, UpdateCameraArg>({
      query: ({ networkId, cameraId, input }) => ({
        url: `${camerasUrl(networkId)}/${cameraId}`,
        method: 'PUT',
        body: input,
      }),
      invalidatesTags: (_result, _error, { networkId }) => networkCamerasTag(networkId),
    }),
    removeCamera: build.mutation<null, CameraRef>({
      query: ({ networkId, cameraId }) => ({ url: `${camerasUrl(networkId)}/${cameraId}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { networkId }) => networkCamerasTag(networkId),
    }),
  }),
});

export const { useGetCameraSourceQuery, useAddCameraMutation, useUpdateCameraMutation, useRemoveCameraMutation } =
  adminApi;
