import { baseApi } from '../../../api/baseApi';
import { type AccessLogFilters, accessLogParams } from './accessLogFilters';
import type { AccessLogPage } from './accessLogModel';

export interface AccessLogArg {
  /** The session's organization. */
  orgId: number;
  filters: AccessLogFilters;
  /** The answer's `next_before_id` for an older page; null for the newest. */
  beforeId: number | null;
}

/**
 * The organization's access log for org-write administrators (issue 12): `GET .../access_log`, newest first, one page
 * per filters and `before_id`. 400 for a bad filter (its message is shown), 403 for other members.
 */
export const accessLogApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAccessLog: build.query<AccessLogPage, AccessLogArg>({
      query: ({ orgId, filters, beforeId }) => ({
        url: `/api/v1/organizations/${orgId}/access_log`,
        params: accessLogParams(filters, beforeId),
      }),
    }),
  }),
});

export const { useGetAccessLogQuery } = accessLogApi;
