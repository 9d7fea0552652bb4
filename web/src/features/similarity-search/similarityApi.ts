import type { ApiError } from '../../api/apiError';
import { baseApi } from '../../api/baseApi';
import { CAMERA_UNREACHABLE_TEXT, THUMBNAIL_REFETCHES } from './constants';
import type { SimilarityJob, SimilarityRequest, ThumbnailTrack, ThumbnailTracksArg } from './types';

const cameraPath = (serial: string) => `/api/v1/devices/${encodeURIComponent(serial)}/camera`;

/** The query failed only because the camera could not be reached: worth asking again (spec 03 §7). */
export function isCameraUnreachable(error: ApiError): boolean {
  return error.messages.some((message) => message.includes(CAMERA_UNREACHABLE_TEXT));
}

export const similarityApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST .../liveTools/similaritySearch: starts a job for tracks like `trackId` of this camera. */
    startSimilaritySearch: build.mutation<SimilarityJob, { serial: string; body: SimilarityRequest }>({
      query: ({ serial, body }) => ({ url: `${cameraPath(serial)}/liveTools/similaritySearch`, method: 'POST', body }),
    }),
    /** GET .../liveTools/similaritySearch/{requestId}: one poll of a job (uncached; the runner polls). */
    similarityJob: build.query<SimilarityJob, { serial: string; requestId: string }>({
      query: ({ serial, requestId }) => ({
        url: `${cameraPath(serial)}/liveTools/similaritySearch/${encodeURIComponent(requestId)}`,
      }),
      keepUnusedDataFor: 0,
    }),
    /**
     * GET .../analytics/thumbnailTracks?t0&t1 (ms): the camera's people and vehicles in the range with their
     * thumbnails. An answer saying the camera could not be contacted is asked again, at most THUMBNAIL_REFETCHES times.
     */
    thumbnailTracks: build.query<ThumbnailTrack[], ThumbnailTracksArg>({
      async queryFn(arg, _api, _extraOptions, baseQuery) {
        const request = {
          url: `${cameraPath(arg.serial)}/analytics/thumbnailTracks`,
          params: { t0: Math.floor(arg.t0), t1: Math.ceil(arg.t1) },
        };
        for (let attempt = 0; ; attempt += 1) {
          const answer = await baseQuery(request);
          if (!answer.error) return { data: (answer.data as { results?: ThumbnailTrack[] } | null)?.results ?? [] };
          const error = answer.error as ApiError;
          if (attempt >= THUMBNAIL_REFETCHES || !isCameraUnreachable(error)) return { error };
        }
      },
    }),
  }),
});

export const { useThumbnailTracksQuery } = similarityApi;
