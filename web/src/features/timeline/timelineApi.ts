import { baseApi } from '../../api/baseApi';
import type { components } from '../../api/schema.gen';
import { type AvailabilityRanges, EMPTY_AVAILABILITY, type Range } from './availabilityBlocks';

type Availability = components['schemas']['Availability'];

export interface AvailabilityArg {
  networkId: number;
  cameraId: number;
  t0: number;
  t1: number;
}

function toRanges(list: number[][] | undefined): Range[] {
  return (list ?? []).filter((pair) => pair.length >= 2).map(([start, end]) => [start, end] as Range);
}

export const timelineApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Recorded ranges of one camera; the timeline caches them per 2 h block itself (useAvailability). */
    getAvailability: build.query<AvailabilityRanges, AvailabilityArg>({
      query: ({ networkId, cameraId, t0, t1 }) => ({
        url: `/n/${networkId}/manage/vision/cameras/${cameraId}/availability`,
        params: { t0, t1 },
      }),
      transformResponse: (answer: Availability | null) =>
        answer ? { camera: toRanges(answer.camera), cloud: toRanges(answer.cloud) } : EMPTY_AVAILABILITY,
      keepUnusedDataFor: 0,
    }),
  }),
});
