import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  eventsFailure,
  eventsServer,
  frontDoor,
  makeEvent,
  MINUTE_MS,
  NOW_MS,
  serverRoom,
} from '../test/accessFixtures';
import { renderDrawer } from '../test/renderDrawer';

const rows = () => screen.getAllByTestId('access-event-row');

describe('access-control drawer: activity log', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: NOW_MS }));
  afterEach(() => vi.useRealTimers());

  it("lists the camera's door events newest first: time, door, message and actor", async () => {
    const calls = eventsServer(() => [
      makeEvent('ev-1', NOW_MS - 30 * MINUTE_MS, { type: 'access_denied', message: 'Access denied' }),
      makeEvent('ev-2', NOW_MS - MINUTE_MS, {
        door: { uuid: 'door-server', name: 'Server room' },
        actor: { type: 'SYSTEM' },
        type: 'door_held_open',
        message: 'Door held open',
      }),
      makeEvent('ev-3', NOW_MS - 10 * MINUTE_MS, { actor: { type: 'API_KEY', uuid: 'k-1', name: 'Integration key' } }),
      makeEvent('ev-other', NOW_MS - 5 * MINUTE_MS, { door: { uuid: 'door-dock', name: 'Dock' } }),
    ]);
    renderDrawer({ mappings: [frontDoor, serverRoom] });
    const list = await screen.findByRole('list', { name: 'Door events' });
    const items = within(list).getAllByTestId('access-event-row');
    expect(items.map((item) => within(item).getByTestId('access-event-door').textContent)).toEqual([
      'Server room',
      'Front entrance',
      'Front entrance',
    ]);
    expect(items[0]).toHaveTextContent('Mar 6, 2025, 11:59:00 AM');
    expect(items[0]).toHaveTextContent('Door held open');
    expect(within(items[0]).getByTestId('access-event-actor')).toHaveTextContent('System');
    expect(within(items[1]).getByTestId('access-event-actor')).toHaveTextContent('API key');
    expect(items[2]).toHaveTextContent('Mar 6, 2025, 11:30:00 AM');
    expect(items[2]).toHaveTextContent('Access denied');
    expect(within(items[2]).getByTestId('access-event-actor')).toHaveTextContent('Ada Lovelace');

    expect(calls).toHaveLength(1);
    const params = calls[0].params;
    expect(Object.fromEntries(params)).toEqual({
      door_uuid: 'door-front,door-server',
      location_uuid: 'site-hq',
      start_date: new Date(NOW_MS - 24 * 60 * MINUTE_MS).toISOString(),
      end_date: new Date(NOW_MS).toISOString(),
      order: 'desc',
      order_by: 'time',
      page: '1',
      page_size: '100',
    });
  });

  it("shows 'no-events' when the doors have no events", async () => {
    eventsServer(() => []);
    renderDrawer();
    expect(await screen.findByTestId('no-events')).toHaveTextContent(/^No events$/);
    expect(screen.queryByRole('list', { name: 'Door events' })).not.toBeInTheDocument();
  });

  it('loads 100 at a time, the next page on "Load more", until the last', async () => {
    const many = Array.from({ length: 101 }, (_, index) => makeEvent(`ev-${index}`, NOW_MS - (index + 1) * MINUTE_MS));
    const calls = eventsServer(() => many);
    const { user } = renderDrawer();
    await waitFor(() => expect(rows()).toHaveLength(100), { timeout: 10_000 }); // 100 rows: slow on a loaded machine
    // By its test id: a role query weighs the accessible names of the 100 rows (seconds in jsdom).
    const more = screen.getByTestId('load-more-events');
    expect(more).toHaveTextContent('Load more');
    await user.click(more);
    await waitFor(() => expect(rows()).toHaveLength(101), { timeout: 10_000 });
    expect(rows()[100]).toHaveTextContent('Mar 6, 2025, 10:19:00 AM');
    expect(calls.map((call) => call.params.get('page'))).toEqual(['1', '2']);
    expect(screen.queryByTestId('load-more-events')).not.toBeInTheDocument();
  });

  it('searches door names 250 ms after the last key, and changes the period', async () => {
    const calls = eventsServer(() => [
      makeEvent('ev-1', NOW_MS - MINUTE_MS),
      makeEvent('ev-2', NOW_MS - 2 * MINUTE_MS, { door: { uuid: 'door-server', name: 'Server room' } }),
      makeEvent('ev-3', NOW_MS - 3 * 60 * MINUTE_MS),
    ]);
    const { user } = renderDrawer({ mappings: [frontDoor, serverRoom] });
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.type(screen.getByRole('textbox', { name: 'Search doors' }), 'SERV');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Server room');
    expect(calls.map((call) => call.params.get('door_name'))).toEqual([null, 'SERV']);

    await user.clear(screen.getByRole('textbox', { name: 'Search doors' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last hour');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(calls.at(-1)?.params.get('start_date')).toBe(new Date(NOW_MS - 60 * MINUTE_MS).toISOString());
  });

  it('says so when the events cannot be loaded (the error is swallowed), and asks again on "Try again"', async () => {
    let fail = true;
    eventsServer(() => (fail ? eventsFailure() : [makeEvent('ev-1', NOW_MS - MINUTE_MS)]));
    const { user } = renderDrawer();
    const banner = await screen.findByTestId('events-error');
    expect(banner).toHaveTextContent('Unable to load door events, please try again later.');
    expect(screen.queryByTestId('no-events')).not.toBeInTheDocument();
    fail = false;
    await user.click(within(banner).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByTestId('events-error')).not.toBeInTheDocument();
  });
});

describe('access-control drawer: refresh', () => {
  afterEach(() => vi.useRealTimers());

  it('asks for the events again every 10 s (the period ends now), with the newest', async () => {
    vi.useFakeTimers({ now: NOW_MS, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const events = [makeEvent('ev-1', NOW_MS - MINUTE_MS)];
    const calls = eventsServer(() => events);
    renderDrawer();
    await vi.waitFor(() => expect(screen.getAllByTestId('access-event-row')).toHaveLength(1));
    const first = calls.length;
    expect(first).toBe(1);

    events.push(makeEvent('ev-2', Date.now(), { message: 'Door unlocked', type: 'door_unlocked' }));
    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(calls).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    await vi.waitFor(() => expect(screen.getAllByTestId('access-event-row')).toHaveLength(2));
    expect(screen.getAllByTestId('access-event-row')[0]).toHaveTextContent('Door unlocked');
    const endMs = (index: number) => Date.parse(calls[index].params.get('end_date')!);
    expect(endMs(1) - endMs(0)).toBeGreaterThanOrEqual(10_000);

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await vi.waitFor(() => expect(calls).toHaveLength(3));
  });
});
