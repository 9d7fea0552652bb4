import { baseApi } from '../../api/baseApi';
import type { components } from '../../api/schema.gen';

export type FileRecord = components['schemas']['FileRecord'];

export const viewerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Whether video exists at a time; `no_video` comes with a reason (spec 02 §4 video gap). */
    getFileRecord: build.query<FileRecord, { cameraId: number; tsMs: number }>({
      query: ({ cameraId, tsMs }) => ({ url: `/cameras/${cameraId}/file_record`, params: { ts_ms: Math.floor(tsMs) } }),
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useGetFileRecordQuery } = viewerApi;
