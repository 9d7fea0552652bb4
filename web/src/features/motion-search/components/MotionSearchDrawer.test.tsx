import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { json, server } from '../../../test/server';
import { formatClock, formatDate, formatDuration } from '../../timeline';
import { makeCamera } from '../../cameras/test/fixtures';
import { telemetryBatcher } from '../telemetry';
import { makeEvent, type MotionRequest, motionHandler, motionSearchPath } from '../test/motionFixtures';
import { dock, lobby, renderDrawer } from '../test/renderDrawer';

const ZONE = 'America/Los_Angeles';
const HOUR_S = 3600;
const ERROR_TEXT =
  'An error occurred while fetching motion events. Please narrow down your search date range and try again.';

function nowS() {
  return Math.floor(Date.now() / 1000);
}

function label(tsS: number, durationMs = 4000) {
  const ms = tsS * 1000;
  return `Motion on ${formatDate(ms, ZONE)} at ${formatClock(ms, ZONE, 24)}, ${formatDuration(durationMs)}`;
}

/** Requests answered one by one by the test: `release(i)` answers the i-th request with `events`. */
function gatedHandler() {
  const log: MotionRequest[] = [];
  const gates: ((body: unknown) => void)[] = [];
  const handler = http.get(motionSearchPath, async ({ request }) => {
    log.push({ params: new URL(request.url).searchParams, signal: request.signal });
    const body = await new Promise<unknown>((resolve) => gates.push(resolve));
    return json(body as object);
  });
  const release = async (index: number, subevents: unknown[] = []) => {
    await waitFor(() => expect(gates.length).toBeGreaterThan(index));
    gates[index]({ subevents, grid: { cols: 60, rows: 34 } });
  };
  return { log, handler, release };
}

describe('motion search drawer', () => {
  it('searches backwards in 12 h chunks, shows thumbnails newest first, then the plain list, and queues telemetry', async () => {
    const now = nowS();
    const events = [makeEvent(now - 13 * HOUR_S), makeEvent(now - 2 * HOUR_S), makeEvent(now - HOUR_S)];
    const log: MotionRequest[] = [];
    server.use(motionHandler(events, log));
    const { user, store } = renderDrawer();
    expect(screen.getByRole('dialog', { name: 'Motion search' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Camera' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('end of results')).toBeInTheDocument();

    // Default range: the last 24 h, as two chunks of 12 h from the end backwards.
    expect(log).toHaveLength(2);
    const [first, second] = log.map((entry) => entry.params);
    expect(Number(first.get('end')) - Number(first.get('start'))).toBe(12 * HOUR_S);
    expect(second.get('end')).toBe(first.get('start'));
    expect(Number(second.get('end')) - Number(second.get('start'))).toBe(12 * HOUR_S);
    expect(Object.fromEntries(first)).toMatchObject({
      id: '1001',
      feature: 'motion_search',
      with_images: 'true',
      sensitivity: '100',
      min_duration_ms: '0',
    });
    expect(first.has('roi')).toBe(false);

    const thumbnails = screen.getAllByTestId('motion-thumbnail');
    expect(thumbnails.map((thumbnail) => thumbnail.getAttribute('aria-label'))).toEqual([
      label(now - HOUR_S),
      label(now - 2 * HOUR_S),
      label(now - 13 * HOUR_S),
    ]);
    expect(thumbnails[0].querySelector('img')).toHaveAttribute('src', events[2].img_url[0]);
    expect(screen.getByText('3 motion events')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'List' }));
    expect(screen.queryByTestId('motion-thumbnails')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('motion-list-row')).toHaveLength(3);
    expect(telemetryBatcher(store.dispatch).pending).toBe(1);
  });

  it("says 'searching' before the first chunk, 'searching ext' while older chunks run, 'end of results' at the end", async () => {
    const gated = gatedHandler();
    server.use(gated.handler);
    const { user } = renderDrawer();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('searching')).toBeInTheDocument();
    await gated.release(0, [makeEvent(nowS() - 60)]);
    expect(await screen.findByText('searching further back (50 % of the range searched)')).toBeInTheDocument();
    expect(screen.getAllByTestId('motion-thumbnail')).toHaveLength(1);
    await gated.release(1);
    expect(await screen.findByText('end of results')).toBeInTheDocument();
  });

  it('shows the motion search error, keeps the results so far and ends the progress', async () => {
    let calls = 0;
    server.use(
      http.get(motionSearchPath, () => {
        calls += 1;
        return calls === 1
          ? json({ subevents: [makeEvent(nowS() - 60)], grid: { cols: 60, rows: 34 } })
          : json({ errors: ['start and end must be at most 96 hours apart'] }, 400);
      }),
    );
    const { user, store } = renderDrawer();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(ERROR_TEXT)).toBeInTheDocument();
    expect(screen.getByText('end of results')).toBeInTheDocument();
    expect(screen.getAllByTestId('motion-thumbnail')).toHaveLength(1);
    expect(telemetryBatcher(store.dispatch).pending).toBe(0);
  });

  it("says 'no results found' when nothing moved", async () => {
    server.use(motionHandler([]));
    const { user } = renderDrawer();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('no results found')).toBeInTheDocument();
    expect(screen.queryByText(ERROR_TEXT)).not.toBeInTheDocument();
  });

  it('cancels the running search of a camera when a new one starts, aborting its request', async () => {
    const gated = gatedHandler();
    server.use(gated.handler);
    const { user } = renderDrawer();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(gated.log).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Search again' }));
    await waitFor(() => expect(gated.log).toHaveLength(2));
    await waitFor(() => expect(gated.log[0].signal.aborted).toBe(true));
    expect(gated.log[1].signal.aborted).toBe(false);
    // The new search starts over from the end of the range, which follows now (the default last 24 hours).
    const firstEnd = Number(gated.log[0].params.get('end'));
    expect(Number(gated.log[1].params.get('end'))).toBeGreaterThanOrEqual(firstEnd);
    expect(Number(gated.log[1].params.get('end'))).toBeLessThanOrEqual(nowS());
    await gated.release(1, [makeEvent(nowS() - 30)]);
    await gated.release(2);
    expect(await screen.findByText('end of results')).toBeInTheDocument();
    expect(screen.getAllByTestId('motion-thumbnail')).toHaveLength(1);
  });

  it('searches a drawn region with the chosen sensitivity and minimum duration in advanced mode', async () => {
    const log: MotionRequest[] = [];
    server.use(motionHandler([], log));
    const { user } = renderDrawer();
    await user.click(screen.getByRole('radio', { name: 'Advanced' }));
    const area = screen.getByTestId('roi-selector');
    expect(area.querySelector('img')).toHaveAttribute('src', '/n1/cameras/1001/snapshot.jpg');
    area.getBoundingClientRect = () => ({ left: 0, top: 0, width: 600, height: 340, right: 600, bottom: 340, x: 0, y: 0, toJSON: () => ({}) });
    fireEvent.pointerDown(area, { clientX: 45, clientY: 55, button: 0, pointerId: 1 });
    fireEvent.pointerMove(area, { clientX: 15, clientY: 25, pointerId: 1 });
    expect(screen.getByTestId('roi-rect')).toHaveAttribute('data-roi', '1,2,4,4');
    fireEvent.pointerUp(area, { clientX: 15, clientY: 25, pointerId: 1 });
    expect(screen.getByTestId('roi-size')).toHaveTextContent('4 × 4 cells from column 1, row 2');

    const sensitivity = screen.getByRole('slider', { name: 'Sensitivity' });
    expect(sensitivity).toHaveAttribute('aria-valuenow', '100');
    fireEvent.keyDown(sensitivity, { key: 'ArrowLeft' });
    const minDuration = screen.getByRole('slider', { name: 'Minimum event duration' });
    expect(minDuration).toHaveAttribute('aria-valuenow', '0');
    expect(minDuration).toHaveAttribute('aria-valuemax', '30');
    fireEvent.keyDown(minDuration, { key: 'ArrowRight' });
    fireEvent.keyDown(minDuration, { key: 'ArrowRight' });

    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('no results found');
    expect(Object.fromEntries(log[0].params)).toMatchObject({ roi: '1,2,4,4', sensitivity: '99', min_duration_ms: '2000' });

    // A click without a drag selects one cell; 'Whole frame' resets.
    await user.click(screen.getByRole('button', { name: 'Change search' }));
    const again = screen.getByTestId('roi-selector');
    again.getBoundingClientRect = area.getBoundingClientRect;
    fireEvent.pointerDown(again, { clientX: 599, clientY: 339, button: 0, pointerId: 2 });
    fireEvent.pointerUp(again, { clientX: 599, clientY: 339, pointerId: 2 });
    expect(screen.getByTestId('roi-rect')).toHaveAttribute('data-roi', '59,33,1,1');
    await user.click(screen.getByRole('button', { name: 'Whole frame' }));
    expect(screen.getByTestId('roi-rect')).toHaveAttribute('data-roi', '0,0,60,34');
  });

  it("draws on a fisheye camera's 60×60 grid", async () => {
    const log: MotionRequest[] = [];
    server.use(motionHandler([], log));
    const { user } = renderDrawer([makeCamera(1001, { name: 'Lobby', type: 'fisheye' })]);
    await user.click(screen.getByRole('radio', { name: 'Advanced' }));
    const area = screen.getByTestId('roi-selector');
    expect(area).toHaveAttribute('data-grid', '60x60');
    area.getBoundingClientRect = () => ({ left: 0, top: 0, width: 600, height: 600, right: 600, bottom: 600, x: 0, y: 0, toJSON: () => ({}) });
    fireEvent.pointerDown(area, { clientX: 305, clientY: 405, button: 0, pointerId: 1 });
    fireEvent.pointerUp(area, { clientX: 595, clientY: 595, pointerId: 1 });
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('no results found');
    expect(log[0].params.get('roi')).toBe('30,40,30,20');
  });

  it("shows an empty frame for an event without an image and 'failed to load thumbnail' for a broken one", async () => {
    server.use(motionHandler([makeEvent(nowS() - 60, { img_url: [] }), makeEvent(nowS() - 120)]));
    const { user } = renderDrawer();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('end of results');
    const [withoutImage, withImage] = screen.getAllByTestId('motion-thumbnail');
    expect(within(withoutImage).getByTestId('event-no-image')).toBeInTheDocument();
    fireEvent.error(withImage.querySelector('img')!);
    expect(within(withImage).getByText('failed to load thumbnail')).toBeInTheDocument();
  });

  it('keeps one search per camera of a set, chosen with the camera selector', async () => {
    const log: MotionRequest[] = [];
    server.use(motionHandler([makeEvent(nowS() - 60)], log));
    const { user } = renderDrawer([lobby, dock]);
    const select = screen.getByRole('combobox', { name: 'Camera' });
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('end of results');
    await user.selectOptions(select, '1002');
    expect(screen.getByTestId('motion-search-params')).toBeInTheDocument();
    await user.selectOptions(select, '1001');
    expect(screen.getByText('end of results')).toBeInTheDocument();
    expect(new Set(log.map((entry) => entry.params.get('id')))).toEqual(new Set(['1001']));
  });

  it('hides the help notice for good (hideNotifications.motionSearchHelp) and opens the help dialog', async () => {
    const { user, store, unmount } = renderDrawer();
    expect(screen.getByTestId('motion-search-help-notice')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide this notice' }));
    expect(screen.queryByTestId('motion-search-help-notice')).not.toBeInTheDocument();
    expect(store.getState().preferences.hideNotifications).toEqual({ motionSearchHelp: true });
    expect(JSON.parse(window.localStorage.getItem('mki-preferences') ?? '{}').hideNotifications).toEqual({
      motionSearchHelp: true,
    });
    unmount();

    renderDrawer([lobby], { hideNotifications: { motionSearchHelp: true } });
    expect(screen.queryByTestId('motion-search-help-notice')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Help' }));
    expect(await screen.findByRole('dialog', { name: 'How motion search works' })).toBeInTheDocument();
  });
});
