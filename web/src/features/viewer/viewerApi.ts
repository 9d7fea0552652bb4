import { networkFailure, parseAnswer } from '../../api/apiError';
import { baseApi } from '../../api/baseApi';
import type { components } from '../../api/schema.gen';
import { initSegmentHasAudio, type VideoSize, videoSizeOfInitSegment } from './initSegment';

export type FileRecord = components['schemas']['FileRecord'];

/** What a live stream's init segment says: its picture size (null without a video track) and whether it has sound. */
export interface LiveStreamInfo {
  size: VideoSize | null;
  hasAudio: boolean;
}

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
     * Picture size and audio of a live stream from its init segment (`…/live/{stream}/init.mp4`, a few hundred bytes).
     * The one binary answer of the API, so it has its own fetch.
     */
    getLiveStreamInfo: build.query<LiveStreamInfo, string>({
      queryFn: async (url, { signal }) => {
        try {
          const response = await fetch(new URL(url, window.location.origin), { credentials: 'same-origin', signal });
          if (!response.ok) {
            const answer = parseAnswer(response.status, await response.text(), false);
            return { error: answer.ok ? networkFailure() : answer.error };
          }
          const bytes = await response.arrayBuffer();
          return { data: { size: videoSizeOfInitSegment(bytes), hasAudio: initSegmentHasAudio(bytes) } };
        } catch (cause) {
          return { error: networkFailure(cause instanceof Error ? cause.message : undefined) };
        }
      },
      keepUnusedDataFor: VIDEO_SIZE_KEEP_S,
    }),
  }),
});

export const { useGetFileRecordQuery, useGetLiveStreamInfoQuery } = viewerApi;
