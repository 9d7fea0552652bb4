import { http } from 'msw';
import type { User } from '../../../../api/types';
import { adminUser } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { apiPath, json, server } from '../../../../test/server';
import { signedInState } from '../../../../test/state';
import type { SearchTelemetryDay, SearchTelemetryFigures, SearchTelemetrySummary } from '../searchTelemetryApi';
import { SearchTelemetryPage } from '../SearchTelemetryPage';

export const NETWORK_ID = 5;
export const PAGE_ROUTE = `/n/${NETWORK_ID}/admin/search-telemetry`;
export const SUMMARY_PATH = '/api/v1/organizations/:orgId/motionSearchTelemetry/summary';

/** Figures of a quiet day: no searches, nothing reported. */
export const QUIET: SearchTelemetryFigures = {
  searches: 0,
  users: 0,
  meanResultCount: null,
  zeroResultSearches: 0,
  medianDurationMs: null,
  p95DurationMs: null,
};

/** The UTC day `offset` days after 2024-05-01 ('2024-05-03' for 2). */
export function dayAfterStart(offset: number): string {
  return new Date(Date.UTC(2024, 4, 1 + offset)).toISOString().slice(0, 10);
}

/**
 * A summary of `days` days from 2024-05-01, quiet unless `busyDays` gives a day's figures (by offset), with `totals`
 * and `byFeature` as given (none by default).
 */
export function makeSummary(
  days: number,
  busyDays: Record<number, Partial<SearchTelemetryFigures>> = {},
  rest: Partial<Pick<SearchTelemetrySummary, 'totals' | 'byFeature'>> = {},
): SearchTelemetrySummary {
  const perDay: SearchTelemetryDay[] = Array.from({ length: days }, (_, offset) => ({
    ...QUIET,
    ...busyDays[offset],
    date: dayAfterStart(offset),
  }));
  return {
    days,
    from: dayAfterStart(0),
    to: dayAfterStart(days - 1),
    totals: rest.totals ?? QUIET,
    perDay,
    byFeature: rest.byFeature ?? [],
  };
}

/**
 * Answers `GET .../motionSearchTelemetry/summary` with `reply(query)` (a summary, or a Response for errors) and
 * records each request's path and query (`{days: '30'}`).
 */
export function serveSummary(reply: (query: Record<string, string>) => SearchTelemetrySummary | Response) {
  const requests: { path: string; query: Record<string, string> }[] = [];
  server.use(
    http.get(apiPath(SUMMARY_PATH), ({ request }) => {
      const url = new URL(request.url);
      const query = Object.fromEntries(url.searchParams);
      requests.push({ path: url.pathname, query });
      const answer = reply(query);
      return answer instanceof Response ? answer : json(answer);
    }),
  );
  return requests;
}

/** The page alone at `/n/5/admin/search-telemetry`, for an org-write administrator by default. */
export function renderSearchTelemetryPage(user: User = adminUser) {
  return renderWithProviders(<SearchTelemetryPage />, { route: PAGE_ROUTE, preloadedState: signedInState(user) });
}
