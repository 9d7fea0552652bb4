import type { ArgusRequest, QueryParams } from '../../api/baseApi';
import { baseApi } from '../../api/baseApi';
import { loadAllPages, nextPage, pause } from './accessEventPages';
import { ACCESS_EVENTS_PAGE_PAUSE_MS, ACCESS_EVENTS_PAGE_SIZE } from './constants';
import type {
  AccessEvent,
  AccessEventsAnswer,
  AccessEventsPage,
  ActivityLogArg,
  EventsInRangeArg,
  QuickGrantArg,
} from './types';

/** `GET /api/genea/v1/organizations/{orgId}/accessEvents` with the doors as one comma-separated `door_uuid`. */
function eventsRequest(orgId: number, doorUuids: readonly string[], params: QueryParams): ArgusRequest {
  const url = `/api/genea/v1/organizations/${orgId}/accessEvents`;
  return { url, params: { ...params, door_uuid: doorUuids.join(',') } };
}

/** An answer that is a page of events, else null (a failure, or something else). */
function pageOf(answer: { data?: unknown; error?: unknown }): AccessEventsAnswer | null {
  const page = answer.error ? null : (answer.data as AccessEventsAnswer | null);
  return page && Array.isArray(page.data) ? page : null;
}

const EMPTY_PAGE = { page: 1, page_size: ACCESS_EVENTS_PAGE_SIZE, page_count: 0, total: 0 };

/**
 * Door events (spec 03 §4 "Access-control events", §7 "Access control"; docs/design/access-control.md). Read
 * failures are swallowed (spec 03 §8): the activity log's failed page is kept empty with `failed` (it is asked for
 * again at the next refresh), the timeline's range keeps what it loaded.
 */
export const accessEventsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The activity log: the doors' events of the last `periodMs`, newest first, 100 a page (page from 1), with
     * location_uuid, door_uuid, door_name, start_date, end_date (ISO 8601), order=desc, order_by=time. The range ends
     * at the time each page is asked for, so a refresh brings the newest events (pages shift: the list takes each
     * event once).
     */
    getAccessEvents: build.infiniteQuery<AccessEventsPage, ActivityLogArg, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, _allPages, lastPageParam) => nextPage(lastPage, lastPageParam),
      },
      async queryFn({ queryArg, pageParam }, _api, _extraOptions, baseQuery) {
        const nowMs = Date.now();
        const request = eventsRequest(queryArg.orgId, queryArg.doorUuids, {
          location_uuid: queryArg.locationUuid ?? undefined,
          door_name: queryArg.doorName || undefined,
          start_date: new Date(nowMs - queryArg.periodMs).toISOString(),
          end_date: new Date(nowMs).toISOString(),
          order: 'desc',
          order_by: 'time',
          page: pageParam,
          page_size: ACCESS_EVENTS_PAGE_SIZE,
        });
        const page = pageOf(await baseQuery(request));
        return { data: page ?? { data: [], meta: { pagination: { ...EMPTY_PAGE, page: pageParam } }, failed: true } };
      },
    }),
    /**
     * Every event of the doors in [startMs, endMs] (the timeline): per location, the startTs/endTs (Unix ms) variant
     * page after page until meta.pagination.page_count, 1 s between two pages (`loadAllPages`), oldest first.
     */
    getAccessEventsInRange: build.query<AccessEvent[], EventsInRangeArg>({
      async queryFn(arg, { signal }, _extraOptions, baseQuery) {
        const fetchPage = async (location: EventsInRangeArg['locations'][number], page: number) => {
          const request = eventsRequest(arg.orgId, location.doorUuids, {
            location_uuid: location.locationUuid,
            startTs: Math.floor(arg.startMs),
            endTs: Math.ceil(arg.endMs),
            order: 'asc',
            order_by: 'time',
            page,
            page_size: ACCESS_EVENTS_PAGE_SIZE,
          });
          return pageOf(await baseQuery(request));
        };
        const wait = () => pause(ACCESS_EVENTS_PAGE_PAUSE_MS, signal);
        return { data: await loadAllPages(arg.locations, fetchPage, { wait, signal }) };
      },
    }),
    /**
     * PUT /api/genea/v1/organizations/{orgId}/doors/{doorUuid}/quickGrant: unlocks the door once; the answer (the
     * command id) is not read. 502 'Access could not be granted' when the partner refuses.
     */
    quickGrant: build.mutation<null, QuickGrantArg>({
      query: ({ orgId, doorUuid }) => ({
        url: `/api/genea/v1/organizations/${orgId}/doors/${encodeURIComponent(doorUuid)}/quickGrant`,
        method: 'PUT',
      }),
      transformResponse: () => null,
    }),
  }),
});

export const { useGetAccessEventsInfiniteQuery, useGetAccessEventsInRangeQuery, useQuickGrantMutation } =
  accessEventsApi;
