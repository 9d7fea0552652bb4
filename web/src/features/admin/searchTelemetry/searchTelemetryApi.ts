import { baseApi } from '../../../api/baseApi';
import type { components } from '../../../api/schema.gen';

/** The motion and event search telemetry of the organization over `days` UTC days, today included. */
export type SearchTelemetrySummary = components['schemas']['MotionSearchTelemetrySummary'];
/** Searches, users, results and durations of a period or of one day. */
export type SearchTelemetryFigures = components['schemas']['MotionSearchTelemetryFigures'];
/** The figures of one UTC day (`date`, 'YYYY-MM-DD'). */
export type SearchTelemetryDay = components['schemas']['MotionSearchTelemetryDay'];
/** The searches of one feature ('event_search', 'motion_search', 'timeline', or another the server names). */
export type SearchTelemetryFeature = SearchTelemetrySummary['byFeature'][number];

/** The periods the page offers, in days (the server takes 1–90). */
export const TELEMETRY_PERIODS = [7, 30, 90] as const;
export type TelemetryPeriod = (typeof TELEMETRY_PERIODS)[number];
/** The server's default period. */
export const DEFAULT_TELEMETRY_PERIOD: TelemetryPeriod = 30;

/**
 * The organization's search telemetry summary, for org-write administrators:
 * `GET /api/v1/organizations/{orgId}/motionSearchTelemetry/summary?days=N` (403 for other members). The cache goes
 * when no page shows it, so each visit (and each period picked again) shows the latest figures.
 */
export const searchTelemetryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSearchTelemetrySummary: build.query<SearchTelemetrySummary, { orgId: number; days: TelemetryPeriod }>({
      query: ({ orgId, days }) => ({
        url: `/api/v1/organizations/${orgId}/motionSearchTelemetry/summary`,
        params: { days },
      }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetSearchTelemetrySummaryQuery } = searchTelemetryApi;
