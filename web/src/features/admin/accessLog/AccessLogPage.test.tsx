import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiErrors, json } from '../../../test/server';
import {
  makeEntry,
  makePage,
  PAGE_ROUTE,
  renderAccessLogPage,
  serveAccessLog,
  TIME_MS,
} from './test/accessLogTestKit';

function rows() {
  const table = screen.getByRole('table', { name: 'Access log entries' });
  return within(table).getAllByRole('row').slice(1);
}

const cellTexts = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('AccessLogPage', () => {
  it('lists the entries of the organization with time, what, user, network, camera and address', async () => {
    const { queries, paths } = serveAccessLog(() =>
      makePage(
        [
          makeEntry(2, {
            time_ms: TIME_MS,
            kind: 'live_video',
            detail: null,
            network_id: 5,
            network_name: 'Warehouse',
            camera_id: 1,
            camera_name: 'Lobby',
          }),
          makeEntry(1, { kind: 'sign_in_failed', user: null, detail: 'wrong password', camera_id: 9 }),
        ],
        { retained: 1234 },
      ),
    );
    renderAccessLogPage();
    expect(screen.getByRole('heading', { name: 'Access log' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Loading the access log' })).toHaveAttribute('aria-busy', 'true');
    await screen.findByRole('table', { name: 'Access log entries' });
    expect(screen.getByText('1,234 entries kept (the newest 10,000)')).toBeInTheDocument();
    const time = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium', hour12: true });
    expect(rows().map(cellTexts)).toEqual([
      [time.format(TIME_MS), 'Live video', 'Bea Bossbea@acme.test', 'Warehouse', 'Lobby', '203.0.113.7'],
      [time.format(TIME_MS - 60_000), 'Sign-in failedwrong password', '—', '—', 'Camera 9', '203.0.113.7'],
    ]);
    expect(rows()[0].querySelector('time')).toHaveAttribute('datetime', '2024-05-01T08:30:15.000Z');
    expect(within(rows()[0]).getByRole('cell', { name: '203.0.113.7' })).toHaveAttribute(
      'title',
      'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0',
    );
    expect(paths).toEqual(['/n1/api/v1/organizations/10/access_log']);
    expect(queries).toEqual([{ limit: '100' }]);
    // One page only: no pager.
    expect(screen.queryByRole('navigation', { name: 'Pages of the access log' })).not.toBeInTheDocument();
  });

  it("names a sign-in's method and shows other details as the server gave them", async () => {
    serveAccessLog(() =>
      makePage([
        makeEntry(3, { detail: 'two_factor' }),
        makeEntry(2, { kind: 'export_created', detail: 'Lobby 2024-05-01.mp4' }),
        makeEntry(1, { detail: 'passkey' }),
      ]),
    );
    renderAccessLogPage();
    await screen.findByRole('table', { name: 'Access log entries' });
    expect(rows().map((row) => cellTexts(row)[1])).toEqual([
      'Signed inWith a password and an authenticator',
      'Export createdLobby 2024-05-01.mp4',
      'Signed inpasskey',
    ]);
    expect(screen.getByText('3 entries kept (the newest 10,000)')).toBeInTheDocument();
  });

  it('tells when the log is empty, and when nothing matches the filters', async () => {
    serveAccessLog(() => makePage([]));
    const first = renderAccessLogPage();
    expect(await screen.findByText('The access log has no entries yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    first.unmount();
    renderAccessLogPage('?kinds=screenshot_created');
    expect(await screen.findByText('No entries match these filters.')).toBeInTheDocument();
  });

  it('offers to try again when the log could not be loaded', async () => {
    let fail = true;
    serveAccessLog(() => (fail ? apiErrors(['boom'], 500) : makePage([makeEntry(1)])));
    const { user } = renderAccessLogPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The access log could not be loaded');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('table', { name: 'Access log entries' });
    expect(rows()).toHaveLength(1);
  });

  it("shows the server's message for refused filters and clears them on request", async () => {
    const { queries } = serveAccessLog((query) =>
      query.since_ms ? apiErrors(['since_ms must not be after until_ms']) : makePage([makeEntry(1)]),
    );
    const { user } = renderAccessLogPage('?since_ms=2000&until_ms=1000&foo=bar');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('These filters were not accepted');
    expect(alert).toHaveTextContent('since_ms must not be after until_ms');
    await user.click(within(alert).getByRole('button', { name: 'Clear filters' }));
    await screen.findByRole('table', { name: 'Access log entries' });
    expect(screen.getByTestId('location')).toHaveTextContent(`${PAGE_ROUTE}?foo=bar`);
    expect(queries.at(-1)).toEqual({ limit: '100' });
  });

  it('shows the organization-write message when the log answers 403', async () => {
    serveAccessLog(() => json({ errors: ['Forbidden'] }, 403));
    renderAccessLogPage();
    expect(await screen.findByText('You need the organization write right to manage users.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
