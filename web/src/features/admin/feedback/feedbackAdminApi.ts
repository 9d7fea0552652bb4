import { baseApi } from '../../../api/baseApi';
import type { components } from '../../../api/schema.gen';

/** One feedback as stored: the text, who sent it from which network and browser, when. */
export type Feedback = components['schemas']['Feedback'];

export interface FeedbackPage {
  /** Newest first. */
  items: Feedback[];
  has_more: boolean;
}

/** Feedback asked for per page. */
export const FEEDBACK_PAGE_SIZE = 50;

/** The `before_id` of the page after `page`: its last (oldest) item's id, or undefined when no more are left. */
export function nextBeforeId(page: FeedbackPage): number | undefined {
  const last = page.items.at(-1);
  return page.has_more && last ? last.id : undefined;
}

/**
 * The feedback the organization's members sent, for org-write administrators:
 * `GET /api/v1/organizations/{orgId}/feedback` (limit, before_id), newest first, as one infinite query per organization
 * ('Load more' asks for the page before the last item). 403 for other members. The cache goes when the page closes, so
 * each visit shows the latest.
 */
export const feedbackAdminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getFeedback: build.infiniteQuery<FeedbackPage, { orgId: number }, number | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => nextBeforeId(lastPage),
      },
      query: ({ queryArg, pageParam }) => ({
        url: `/api/v1/organizations/${queryArg.orgId}/feedback`,
        params: { limit: FEEDBACK_PAGE_SIZE, before_id: pageParam ?? undefined },
      }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetFeedbackInfiniteQuery } = feedbackAdminApi;
