import { networkFailure, parseAnswer } from '../../api/apiError';
import { baseApi } from '../../api/baseApi';
import type { components } from '../../api/schema.gen';
import { type VideoSize, videoSizeOfInitSegment } from './initSegment';

export type FileRecord = components['schemas']['FileRecord'];

/** How long a stream's picture size is kept (it changes only when the camera's source or settings do). */
const VIDEO_SIZE_KEEP_S = 300;

export const viewerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Whether video exists at a time; `no_video` comes with a reason (spec 02 §4 video gap). */
    getFileRecord: build.query<FileRecord, { cameraId: number; tsMs: number }>({
      query: ({ cameraId, tsMs }) => ({ url: `/cameras/${cameraId}/file_record`, params: { ts_ms: Math.floor(tsMs) } }),
      keepUnusedDataFor: 30,
    }),
    /**
     * Picture size of a live stream from its init segment (`…/live/{stream}/init.mp4`, a few hundred bytes); null when
     * the segment holds no video track. The one binary answer of the API, so it has its own fetch.
     */
    getLiveVideoSize: build.query<VideoSize | null, string>({
      queryFn: async (url, { signal }) => {
        try {
          const response = await fetch(new URL(url, window.location.origin), { credentials: 'same-origin', signal });
          if (!response.ok) {
            const answer = parseAnswer(response.status, await response.text(), false);
            return { error: answer.ok ? networkFailure() : answer.error };
          }
          return { data: videoSizeOfInitSegment(await response.arrayBuffer()) };
        } catch (cause) {
          return { error: networkFailure(cause instanceof Error ? cause.message : undefined) };
        }
      },
      keepUnusedDataFor: VIDEO_SIZE_KEEP_S,
    }),
  }),
});

export const { useGetFileRecordQuery, useGetLiveVideoSizeQuery } = viewerApi;
