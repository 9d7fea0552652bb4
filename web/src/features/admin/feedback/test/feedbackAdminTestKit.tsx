import { http } from 'msw';
import type { User } from '../../../../api/types';
import { adminUser } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { apiPath, json, server } from '../../../../test/server';
import { signedInState } from '../../../../test/state';
import type { Feedback, FeedbackPage as Page } from '../feedbackAdminApi';
import { FeedbackPage } from '../FeedbackPage';

export const NETWORK_ID = 5;
export const PAGE_ROUTE = `/n/${NETWORK_ID}/admin/feedback`;
export const FEEDBACK_PATH = '/api/v1/organizations/:orgId/feedback';

/** 2024-05-01 08:30:00 UTC. */
const TIME_MS = Date.UTC(2024, 4, 1, 8, 30);

/** Feedback number `id`; a higher id is newer. */
export function makeFeedback(id: number, overrides: Partial<Feedback> = {}): Feedback {
  return {
    id,
    wish: `Feedback number ${id}`,
    wish_hash: '',
    session_recording_url: null,
    user_name: 'Bea Builder',
    user_email: 'bea@acme.test',
    network_id: 5,
    network_name: 'Warehouse',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0',
    created_at: new Date(TIME_MS + id * 60_000).toISOString(),
    ...overrides,
  };
}

/**
 * Answers `GET .../feedback` with `reply(query)` (a page, or a Response for errors) and records each request's path
 * and query (`{limit: '50', before_id: '7'}`).
 */
export function serveFeedback(reply: (query: Record<string, string>) => Page | Response) {
  const requests: { path: string; query: Record<string, string> }[] = [];
  server.use(
    http.get(apiPath(FEEDBACK_PATH), ({ request }) => {
      const url = new URL(request.url);
      const query = Object.fromEntries(url.searchParams);
      requests.push({ path: url.pathname, query });
      const answer = reply(query);
      return answer instanceof Response ? answer : json(answer);
    }),
  );
  return requests;
}

/** The page alone at `/n/5/admin/feedback`, for an org-write administrator by default. */
export function renderFeedbackPage(user: User = adminUser) {
  return renderWithProviders(<FeedbackPage />, { route: PAGE_ROUTE, preloadedState: signedInState(user) });
}
