import { baseApi, type QueryParams } from '../../api/baseApi';
import { roiParam } from './roi';
import type { MotionSearchAnswer, MotionSearchArg, MotionTelemetryBody } from './types';

/** Query of `GET /n/{networkId}/manage/cameras/motion_search` (whole frame: no roi). */
export function motionSearchParams(arg: MotionSearchArg): QueryParams {
  return {
    id: arg.cameraId,
    start: Math.floor(arg.startS),
    end: Math.ceil(arg.endS),
    roi: arg.roi ? roiParam(arg.roi) : undefined,
    sensitivity: arg.sensitivity,
    min_duration_ms: arg.minDurationMs,
    with_images: arg.withImages,
    include_attributes: arg.includeAttributes || undefined,
    feature: arg.feature,
  };
}

export const motionSearchApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Motion events of one camera in one range (≤ 96 h); the callers chunk, cache and cancel themselves. */
    searchMotion: build.query<MotionSearchAnswer, MotionSearchArg>({
      query: (arg) => ({ url: `/n/${arg.networkId}/manage/cameras/motion_search`, params: motionSearchParams(arg) }),
      transformResponse: (answer: Partial<MotionSearchAnswer> | null): MotionSearchAnswer => ({
        subevents: answer?.subevents ?? [],
        grid: answer?.grid ?? { cols: 60, rows: 34 },
      }),
      keepUnusedDataFor: 0,
    }),
    sendMotionSearchTelemetry: build.mutation<{ success: boolean }, MotionTelemetryBody>({
      query: (body) => ({ url: '/manage/video/motion_search_telemetry', method: 'POST', body }),
    }),
  }),
});
