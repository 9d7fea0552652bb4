import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiErrors } from '../../../test/server';
import { makeSummary, renderSearchTelemetryPage, serveSummary } from './test/searchTelemetryTestKit';

/** The figure of the stat card `name`. */
const stat = (name: string) => screen.getByRole('group', { name }).lastElementChild?.textContent;
const bars = () => screen.queryAllByTestId('telemetry-day-bar');
const dayRows = () => screen.queryAllByTestId('telemetry-day-row');

/** The figures of a day with searches. */
function figures(searches: number, users: number, mean: number, zero: number, median: number, p95: number) {
  return {
    searches,
    users,
    meanResultCount: mean,
    zeroResultSearches: zero,
    medianDurationMs: median,
    p95DurationMs: p95,
  };
}

/** Three days: a busy one, a quiet one (nothing reported), a busier one. */
const BUSY = makeSummary(
  3,
  { 0: figures(4, 2, 3.25, 1, 850, 2400), 2: figures(10, 3, 12, 0, 1200, 61_500) },
  {
    totals: {
      searches: 1234,
      users: 4,
      meanResultCount: 9.46,
      zeroResultSearches: 1,
      medianDurationMs: 849.6,
      p95DurationMs: 2400,
    },
    byFeature: [
      { feature: 'event_search', searches: 9 },
      { feature: 'motion_search', searches: 4 },
      { feature: 'timeline', searches: 1 },
      { feature: 'face_search', searches: 0 },
    ],
  },
);

describe('SearchTelemetryPage', () => {
  it('shows the totals, searches per day as bars and by feature, and the figures per day newest first', async () => {
    const requests = serveSummary(() => BUSY);
    renderSearchTelemetryPage();
    expect(screen.getByRole('heading', { name: 'Search telemetry' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading search telemetry' })).toBeInTheDocument();
    await screen.findByRole('group', { name: 'Searches' });
    expect(stat('Searches')).toBe('1,234');
    expect(requests).toEqual([
      { path: '/n1/api/v1/organizations/10/motionSearchTelemetry/summary', query: { days: '30' } },
    ]);
    expect(screen.getByText('From May 1, 2024 to May 3, 2024 (UTC)')).toBeInTheDocument();
    expect(stat('Users who searched')).toBe('4');
    expect(stat('Mean results')).toBe('9.5');
    expect(stat('Searches with no results')).toBe('1');
    expect(stat('Median duration')).toBe('850 ms');
    expect(stat('95th percentile duration')).toBe('2.4 s');

    expect(bars().map((bar) => bar.getAttribute('aria-label'))).toEqual([
      'May 1, 2024: 4 searches',
      'May 2, 2024: 0 searches',
      'May 3, 2024: 10 searches',
    ]);
    expect(bars().map((bar) => bar.style.height)).toEqual(['40%', '0%', '100%']);

    const features = screen.getByRole('table', { name: 'Searches by feature' });
    const featureRows = within(features).getAllByTestId('telemetry-feature-row');
    expect(featureRows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Event search', '9', '64%'],
      ['Motion search', '4', '29%'],
      ['Timeline', '1', '7%'],
      ['face_search', '0', '0%'],
    ]);

    const table = screen.getByRole('table', { name: 'Figures per day' });
    const heads = within(table).getAllByRole('columnheader').map((head) => head.textContent);
    expect(heads).toEqual(['Date', 'Searches', 'Users', 'Mean results', 'No results', 'Median', '95th pct']);
    const cells = dayRows().map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(cells).toEqual([
      ['May 3, 2024', '10', '3', '12', '0', '1.2 s', '61.5 s'],
      ['May 2, 2024', '0', '0', '—', '0', '—', '—'],
      ['May 1, 2024', '4', '2', '3.3', '1', '850 ms', '2.4 s'],
    ]);
    expect(within(dayRows()[0]).getByText('May 3, 2024')).toHaveAttribute('dateTime', '2024-05-03');
  });

  it("asks for the period picked (30 days, then 7, also by keyboard) and shows missing figures as '—'", async () => {
    const totals = { ...BUSY.totals, searches: 2, meanResultCount: null, medianDurationMs: null, p95DurationMs: null };
    const requests = serveSummary((query) => makeSummary(Number(query.days), { 0: { searches: 2 } }, { totals }));
    const { user } = renderSearchTelemetryPage();
    await waitFor(() => expect(bars()).toHaveLength(30));
    expect(stat('Mean results')).toBe('—');
    expect(stat('Median duration')).toBe('—');
    expect(stat('95th percentile duration')).toBe('—');
    const period = screen.getByRole('radiogroup', { name: 'Period' });
    expect(within(period).getByRole('radio', { name: '30 days' })).toBeChecked();

    await user.click(within(period).getByRole('radio', { name: '7 days' }));
    await waitFor(() => expect(bars()).toHaveLength(7));
    expect(within(period).getByRole('radio', { name: '7 days' })).toBeChecked();
    expect(requests.map((request) => request.query)).toEqual([{ days: '30' }, { days: '7' }]);
    expect(dayRows()).toHaveLength(7);

    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(period).getByRole('radio', { name: '90 days' })).toBeChecked();
    await waitFor(() => expect(bars()).toHaveLength(90));
    expect(requests.at(-1)?.query).toEqual({ days: '90' });
  });

  it("says 'No searches in this period' when there were none", async () => {
    serveSummary(() => makeSummary(30));
    renderSearchTelemetryPage();
    expect(await screen.findByText('No searches in this period')).toBeInTheDocument();
    expect(screen.getByText('From May 1, 2024 to May 30, 2024 (UTC)')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(bars()).toHaveLength(0);
  });

  it.each([
    ["the server's message", () => apiErrors(['Telemetry store is down'], 500), 'Telemetry store is down'],
    ['no message', () => new Response('Bad gateway', { status: 502 }), ''],
  ])('shows the load error with %s and tries again', async (_what, failure, message) => {
    let fail = true;
    serveSummary(() => (fail ? failure() : makeSummary(7, {}, { totals: { ...BUSY.totals, searches: 3 } })));
    const { user } = renderSearchTelemetryPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Search telemetry could not be loaded${message}Try again`);

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('group', { name: 'Searches' });
    expect(stat('Searches')).toBe('3');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('tells members without the organization write right that they need it (a 403)', async () => {
    serveSummary(() => apiErrors(['Forbidden'], 403));
    renderSearchTelemetryPage();
    expect(await screen.findByText('You need the organization write right to manage users.')).toBeInTheDocument();
  });
});
