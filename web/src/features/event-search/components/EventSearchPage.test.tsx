import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrors, json, server } from '../../../test/server';
import { makeEvent, motionAnswer, type MotionRequest, motionHandler, motionSearchPath } from '../../motion-search/test/motionFixtures';
import { makeCamera } from '../../cameras/test/fixtures';
import { dock, freezeDate, localS, renderEventSearch } from '../test/renderEventSearch';

const TWO_DAYS = '?cameras=1001,1002&from=2025-03-05&to=2025-03-06&start=00:00&end=00:00';

/** An event of a camera with its image as the server answers it: the camera's recorded frame at its peak second. */
function recordedEvent(tsS: number, cameraId: number, durationMs = 4000) {
  return makeEvent(tsS, { cameraId, duration_ms: durationMs, img_url: [`/n1/cameras/${cameraId}/snapshot.jpg?ts_ms=${(tsS + 1) * 1000}`] });
}

const events = [
  recordedEvent(localS(5, 9), 1001),
  recordedEvent(localS(5, 10), 1002),
  recordedEvent(localS(6, 8), 1002),
  recordedEvent(localS(6, 11), 1001, 12_000),
];

function dayGroups() {
  return screen.getAllByTestId('day-group').map((group) => ({
    heading: within(group).getByRole('heading').textContent,
    count: within(group).getByTestId('day-count').textContent,
    cards: within(group).queryAllByTestId('event-card').map((card) => card.getAttribute('aria-label')),
  }));
}

describe('event search page', () => {
  beforeEach(freezeDate);
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('without cameras asks to select cameras and searches nothing', async () => {
    const log: MotionRequest[] = [];
    server.use(motionHandler(events, log));
    const { user } = renderEventSearch();
    expect(screen.getByRole('heading', { name: 'Select cameras to search' })).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Select cameras' })[0]);
    expect(await screen.findByRole('dialog', { name: 'Select cameras' })).toBeInTheDocument();
    expect(log).toHaveLength(0);
  });

  it('prefills from the address, searches one page per day on each camera and groups results by day, newest first', async () => {
    const log: MotionRequest[] = [];
    server.use(motionHandler(events, log, true));
    renderEventSearch(TWO_DAYS);
    expect(await screen.findByTestId('end-of-results')).toHaveTextContent('End of results: 4 events');
    expect(screen.getByTestId('date-range-text')).toHaveTextContent('Mar 5, 2025 – Mar 6, 2025');
    expect(screen.getByTestId('time-range-text')).toHaveTextContent('All day');
    expect(screen.getByText('Cameras (2/4)')).toBeInTheDocument();

    // Newest day first: today (cut at now, 12:00) on both cameras, then yesterday.
    expect(log.map((entry) => [entry.params.get('id'), entry.params.get('start'), entry.params.get('end')])).toEqual([
      ['1001', String(localS(6, 0)), String(localS(6, 12))],
      ['1002', String(localS(6, 0)), String(localS(6, 12))],
      ['1001', String(localS(5, 0)), String(localS(6, 0))],
      ['1002', String(localS(5, 0)), String(localS(6, 0))],
    ]);
    expect(log.every((entry) => entry.params.get('feature') === 'event_search')).toBe(true);
    // Each event's people and vehicles, for the attribute filters and similar results.
    expect(log.every((entry) => entry.params.get('include_attributes') === 'true')).toBe(true);
    expect(log.every((entry) => !entry.params.has('roi'))).toBe(true);

    expect(dayGroups()).toEqual([
      { heading: 'Thursday - March 6th', count: '2 events', cards: ['Lobby, 11:00:00, 12 s', 'Dock, 08:00:00, 4 s'] },
      { heading: 'Wednesday - March 5th', count: '2 events', cards: ['Dock, 10:00:00, 4 s', 'Lobby, 09:00:00, 4 s'] },
    ]);
    // Before the grid is measured: one column of the chosen (medium, 450 px) width at ratio 1.
    expect(screen.getAllByTestId('event-card')[0].querySelector('img')).toHaveAttribute('src', `${events[3].img_url[0]}&width=480`);
  });

  it('collapses and expands a day', async () => {
    server.use(motionHandler(events, [], true));
    const { user } = renderEventSearch(TWO_DAYS);
    await screen.findByTestId('end-of-results');
    const header = screen.getAllByTestId('day-header')[0];
    await user.click(header);
    expect(header).toHaveAttribute('aria-expanded', 'false');
    expect(dayGroups()[0]).toMatchObject({ count: '2 events', cards: [] });
    await user.click(header);
    expect(dayGroups()[0].cards).toHaveLength(2);
  });

  it('re-sorts a complete search without searching again', async () => {
    const log: MotionRequest[] = [];
    server.use(motionHandler(events, log, true));
    const { user } = renderEventSearch(TWO_DAYS);
    await screen.findByTestId('end-of-results');
    await user.click(screen.getByRole('combobox', { name: 'Sort order' }));
    await user.click(await screen.findByRole('option', { name: 'Oldest to newest' }));
    expect(dayGroups().map((group) => group.heading)).toEqual(['Wednesday - March 5th', 'Thursday - March 6th']);
    expect(dayGroups()[0].cards).toEqual(['Lobby, 09:00:00, 4 s', 'Dock, 10:00:00, 4 s']);
    expect(log).toHaveLength(4);
  });

  it('restarts an incomplete search in the new order', async () => {
    const arrived: { start: string | null; signal: AbortSignal }[] = [];
    const gates: (() => void)[] = [];
    server.use(
      http.get(motionSearchPath, async ({ request }) => {
        const params = new URL(request.url).searchParams;
        arrived.push({ start: params.get('start'), signal: request.signal });
        await new Promise<void>((resolve) => gates.push(resolve));
        return json(motionAnswer(events, params, true));
      }),
    );
    const { user } = renderEventSearch(TWO_DAYS);
    await waitFor(() => expect(gates).toHaveLength(2));
    expect(screen.getByTestId('search-footer')).toHaveTextContent('searching for events0 of 2 days searched');
    await user.click(screen.getByRole('combobox', { name: 'Sort order' }));
    await user.click(await screen.findByRole('option', { name: 'Oldest to newest' }));
    // The first search's requests (today) are aborted; the new one starts with the oldest day.
    await waitFor(() => expect(gates).toHaveLength(4));
    expect(arrived.slice(0, 2).map((entry) => [entry.start, entry.signal.aborted])).toEqual([
      [String(localS(6, 0)), true],
      [String(localS(6, 0)), true],
    ]);
    expect(arrived.slice(2).map((entry) => entry.start)).toEqual([String(localS(5, 0)), String(localS(5, 0))]);
    gates.forEach((release) => release());
    await waitFor(() => expect(gates.length).toBe(6));
    gates.forEach((release) => release());
    expect(await screen.findByTestId('end-of-results')).toHaveTextContent('4 events');
    expect(dayGroups().map((group) => group.heading)).toEqual(['Wednesday - March 5th', 'Thursday - March 6th']);
  });

  it('an empty result says no results found; with a filter set it offers to clear filters', async () => {
    server.use(motionHandler(events, [], true));
    const { user } = renderEventSearch(TWO_DAYS);
    await screen.findByTestId('end-of-results');
    expect(screen.queryByTestId('no-results')).not.toBeInTheDocument();
    // Hide both cameras' results: nothing left to show, and the filters can be cleared.
    await user.click(screen.getByRole('button', { name: 'Hide results of Lobby' }));
    await user.click(screen.getByRole('button', { name: 'Hide results of Dock' }));
    const empty = screen.getByTestId('no-results');
    expect(empty).toHaveTextContent('no results found');
    await user.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    expect(screen.getAllByTestId('event-card')).toHaveLength(4);

    server.use(motionHandler([], [], true));
    renderEventSearch('?cameras=1003');
    await waitFor(() => expect(screen.getAllByTestId('no-results')).toHaveLength(1));
    expect(within(screen.getByTestId('no-results')).queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('a camera whose search fails adds no events and shows a notice; the other camera’s results stay', async () => {
    server.use(
      http.get(motionSearchPath, ({ request }) => {
        const params = new URL(request.url).searchParams;
        return params.get('id') === '1002'
          ? apiErrors(['Camera storage unavailable'], 503)
          : json(motionAnswer(events, params, true));
      }),
    );
    renderEventSearch(TWO_DAYS);
    expect(await screen.findByTestId('end-of-results')).toHaveTextContent('2 events');
    expect(await screen.findByText('Request to camera failed')).toBeInTheDocument();
    expect(screen.getByText(/Events of Dock could not be searched.*Camera storage unavailable/)).toBeInTheDocument();
    expect(within(screen.getByTestId('camera-filter')).getByText(/Request to camera failed/)).toBeInTheDocument();
  });

  it('cameras chosen in the modal go to the address and start a search', async () => {
    const log: MotionRequest[] = [];
    server.use(motionHandler(events, log, true));
    const { user } = renderEventSearch('?from=2025-03-06&to=2025-03-06');
    await user.click(screen.getAllByRole('button', { name: 'Select cameras' })[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Select cameras' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Lobby' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/n/5/events?cameras=1001&from=2025-03-06&to=2025-03-06&start=00:00&end=00:00'),
    );
    expect(await screen.findByTestId('end-of-results')).toHaveTextContent('1 event');
    expect(log.map((entry) => entry.params.get('id'))).toEqual(['1001']);
  });

  it('sends sensitivity 100 and the minimum event duration with the search; a new minimum searches again with it', async () => {
    const log: MotionRequest[] = [];
    server.use(motionHandler(events, log, true));
    const { user } = renderEventSearch(TWO_DAYS);
    await screen.findByTestId('end-of-results');
    expect(log).toHaveLength(4);
    expect(log.map((entry) => [entry.params.get('sensitivity'), entry.params.get('min_duration_ms')])).toEqual(
      Array(4).fill(['100', '0']),
    );
    const slider = screen.getByRole('slider', { name: 'Minimum event duration' });
    slider.focus();
    await user.keyboard('{ArrowRight>5/}');
    await waitFor(() => expect(screen.getByTestId('min-duration-text')).toHaveTextContent('At least 5 s'));
    await waitFor(() => expect(log.at(-1)?.params.get('min_duration_ms')).toBe('5000'));
    await waitFor(() => expect(screen.getByTestId('end-of-results')).toHaveTextContent('End of results: 1 event'));
    // The last search (both days, both cameras) asked for 5 s; the server's answer is what shows.
    expect(log.slice(-4).map((entry) => [entry.params.get('sensitivity'), entry.params.get('min_duration_ms')])).toEqual(
      Array(4).fill(['100', '5000']),
    );
    expect(dayGroups().map((group) => group.cards)).toEqual([['Lobby, 11:00:00, 12 s']]);
  });

  it('loads the next page only when the results are scrolled within 2600 px of their bottom', async () => {
    const log: MotionRequest[] = [];
    server.use(motionHandler(events, log, true));
    const isScroller = (element: HTMLElement) => element.dataset.testid === 'event-search-scroll';
    // Tall once it shows results: a page of thumbnails fills far more than the threshold.
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
      if (!isScroller(this)) return 0;
      return this.querySelector('[data-testid="event-card"]') ? 10_000 : 600;
    });
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return isScroller(this) ? 600 : 0;
    });
    renderEventSearch(TWO_DAYS);
    await waitFor(() => expect(screen.getByTestId('searched-count')).toHaveTextContent('1 of 2 days searched'));
    expect(log).toHaveLength(2);
    expect(dayGroups().map((group) => group.heading)).toEqual(['Thursday - March 6th']);

    const scroller = screen.getByTestId('event-search-scroll');
    scroller.scrollTop = 6000; // 3400 px from the bottom: not yet
    fireEvent.scroll(scroller);
    expect(log).toHaveLength(2);
    scroller.scrollTop = 7000; // 2400 px from the bottom
    fireEvent.scroll(scroller);
    expect(await screen.findByTestId('end-of-results')).toHaveTextContent('4 events');
    expect(log).toHaveLength(4);
  });

  it('people and vehicle filters: not configured without detection; turning one on warns about incompatible cameras', async () => {
    const withPeople = makeCamera(1001, { name: 'Lobby', config: { features: { hasPeopleDetection: true } } });
    server.use(
      motionHandler(
        [makeEvent(localS(6, 9), { cameraId: 1001, has_people: true }), makeEvent(localS(6, 10), { cameraId: 1001 }), ...events.slice(1, 3)],
        [],
        true,
      ),
    );
    const { user } = renderEventSearch(TWO_DAYS, [withPeople, dock]);
    await screen.findByTestId('end-of-results');
    const vehicles = screen.getByTestId('vehicles-filter');
    expect(within(vehicles).getByRole('switch', { name: 'Only events with vehicles' })).toBeDisabled();
    expect(vehicles).toHaveTextContent('Vehicle detection is not available: it is not configured on the selected cameras.');
    const people = screen.getByTestId('people-filter');
    expect(people).not.toHaveTextContent('People detection is not available');

    await user.click(within(people).getByRole('switch', { name: 'Only events with people' }));
    expect(await screen.findByText(/These cameras have no such detection configured.*: Dock/)).toBeInTheDocument();
    expect(within(screen.getByTestId('camera-filter')).getByText(/Incompatible with the filters/)).toBeInTheDocument();
    expect(dayGroups().map((group) => group.cards)).toEqual([['Lobby, 09:00:00, 4 s']]);
  });
});
