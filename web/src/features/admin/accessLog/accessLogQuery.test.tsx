import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeEntry, makePage, PAGE_ROUTE, renderAccessLogPage, serveAccessLog } from './test/accessLogTestKit';

const SINCE = new Date(2024, 4, 1, 8, 0).getTime();
const UNTIL = new Date(2024, 4, 2, 18, 30).getTime();

/** The pills of the kind filter. */
function pickedKinds() {
  const root = screen.getByRole('combobox', { name: 'What' }).closest('.mantine-MultiSelect-root');
  return Array.from(root?.querySelectorAll('.mantine-Pill-label') ?? []).map((pill) => pill.textContent);
}

function location() {
  return new URL(screen.getByTestId('location').textContent ?? '', 'http://portal.test');
}

describe('access log filters and paging', () => {
  it('reads the filters from the address and asks for them', async () => {
    const { queries } = serveAccessLog(() => makePage([makeEntry(1)]));
    const search =
      `?kinds=live_video,bogus,sign_in&user_id=201&network_id=5&camera_id=1` + `&since_ms=${SINCE}&until_ms=${UNTIL}`;
    renderAccessLogPage(search);
    await screen.findByRole('table', { name: 'Access log entries' });
    expect(queries).toEqual([
      {
        kinds: 'sign_in,live_video',
        user_id: '201',
        network_id: '5',
        camera_id: '1',
        since_ms: String(SINCE),
        until_ms: String(UNTIL),
        limit: '100',
      },
    ]);
    expect(pickedKinds()).toEqual(['Signed in', 'Live video']);
    expect(screen.getByRole('combobox', { name: 'User' })).toHaveValue('Bea Boss (bea@acme.test)');
    expect(screen.getByRole('combobox', { name: 'Network' })).toHaveValue('Warehouse');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Camera' })).toHaveValue('Lobby'));
    expect(screen.getByRole('button', { name: 'From' })).toHaveTextContent('2024-05-01 8:00 AM');
    expect(screen.getByRole('button', { name: 'To' })).toHaveTextContent('2024-05-02 6:30 PM');
  });

  it('puts the chosen filters in the address and the request', async () => {
    const { queries } = serveAccessLog(() => makePage([makeEntry(1)]));
    const { user } = renderAccessLogPage();
    await screen.findByRole('table', { name: 'Access log entries' });
    expect(screen.getByRole('combobox', { name: 'Camera' })).toBeDisabled();

    await user.click(screen.getByRole('combobox', { name: 'What' }));
    await user.click(await screen.findByRole('option', { name: 'Sign-in failed' }));
    await user.click(await screen.findByRole('option', { name: 'Signed in' }));
    await waitFor(() => expect(location().searchParams.get('kinds')).toBe('sign_in,sign_in_failed'));
    await waitFor(() => expect(queries.at(-1)).toEqual({ kinds: 'sign_in,sign_in_failed', limit: '100' }));

    await user.click(screen.getByRole('combobox', { name: 'User' }));
    await user.click(await screen.findByRole('option', { name: 'Carl Camera (carl@field.test)' }));
    await waitFor(() =>
      expect(queries.at(-1)).toEqual({ kinds: 'sign_in,sign_in_failed', user_id: '202', limit: '100' }),
    );
    expect(location().pathname).toBe(PAGE_ROUTE);
    expect(location().searchParams.get('user_id')).toBe('202');
  });

  it('filters by network, then by a camera of it, and clears every filter', async () => {
    const { queries } = serveAccessLog(() => makePage([makeEntry(1)]));
    const { user } = renderAccessLogPage('?user_id=202');
    await screen.findByRole('table', { name: 'Access log entries' });
    await user.click(screen.getByRole('combobox', { name: 'Network' }));
    await user.click(await screen.findByRole('option', { name: 'Warehouse' }));
    const camera = screen.getByRole('combobox', { name: 'Camera' });
    await waitFor(() => expect(camera).toBeEnabled());
    await user.click(camera);
    await user.click(await screen.findByRole('option', { name: 'Dock' }));
    await waitFor(() =>
      expect(queries.at(-1)).toEqual({ user_id: '202', network_id: '5', camera_id: '2', limit: '100' }),
    );
    expect(location().searchParams.get('camera_id')).toBe('2');

    // Another network clears the camera.
    await user.click(screen.getByRole('combobox', { name: 'Network' }));
    await user.click(await screen.findByRole('option', { name: 'Head Office' }));
    await waitFor(() => expect(queries.at(-1)?.network_id).toBe('6'));
    expect(queries.at(-1)?.camera_id).toBeUndefined();
    expect(location().searchParams.has('camera_id')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location().search).toBe(''));
    expect(screen.getByRole('combobox', { name: 'Network' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'User' })).toHaveValue('');
    await waitFor(() => expect(queries.at(-1)).toEqual({ limit: '100' }));
  });

  it('turns the picked start into since_ms, in the browser zone', async () => {
    const { queries } = serveAccessLog(() => makePage([makeEntry(1)]));
    const { user } = renderAccessLogPage(`?until_ms=${UNTIL}`);
    await screen.findByRole('table', { name: 'Access log entries' });
    await user.click(screen.getByRole('button', { name: 'From' }));
    // The calendar opens on the month of 'To' (its latest day): 1 May 2024.
    await user.click(await screen.findByRole('button', { name: 'May 1, 2024' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const since = new Date(2024, 4, 1, 0, 0).getTime();
    await waitFor(() =>
      expect(queries.at(-1)).toEqual({ since_ms: String(since), until_ms: String(UNTIL), limit: '100' }),
    );
    expect(location().searchParams.get('since_ms')).toBe(String(since));
  });

  it('pages back with before_id, forward again, and starts from the newest when a filter changes', async () => {
    const { queries } = serveAccessLog((query) => {
      if (query.before_id === '300') {
        return makePage([makeEntry(299), makeEntry(298)], { next_before_id: 298, retained: 5 });
      }
      if (query.before_id === '298') return makePage([], { retained: 5 });
      return makePage([makeEntry(301), makeEntry(300)], { next_before_id: 300, retained: 5 });
    });
    const { user } = renderAccessLogPage();
    const pager = await screen.findByRole('navigation', { name: 'Pages of the access log' });
    expect(within(pager).getByRole('button', { name: 'Newer' })).toBeDisabled();
    // 'Newest' on the newest page asks for it again.
    await user.click(within(pager).getByRole('button', { name: 'Newest' }));
    await waitFor(() => expect(queries).toEqual([{ limit: '100' }, { limit: '100' }]));
    await user.click(within(pager).getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(queries.at(-1)).toEqual({ before_id: '300', limit: '100' }));
    await screen.findByRole('table', { name: 'Access log entries' });
    expect(screen.getAllByRole('row')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('No older entries.')).toBeInTheDocument();
    expect(queries.at(-1)).toEqual({ before_id: '298', limit: '100' });
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Newer' }));
    await screen.findByRole('table', { name: 'Access log entries' });
    await user.click(screen.getByRole('button', { name: 'Newest' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled());

    await user.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Newer' })).toBeEnabled());
    await user.click(screen.getByRole('combobox', { name: 'What' }));
    await user.click(await screen.findByRole('option', { name: 'Signed out' }));
    await waitFor(() => expect(queries.at(-1)).toEqual({ kinds: 'sign_out', limit: '100' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled());
  });
});
