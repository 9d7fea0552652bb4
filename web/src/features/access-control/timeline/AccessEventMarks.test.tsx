import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Camera } from '../../../api/types';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { makeCamera, NETWORK_ID } from '../../cameras/test/fixtures';
import { Timeline } from '../../timeline';
import {
  accessState,
  doorsServer,
  eventsServer,
  HOUR_MS,
  lobby,
  makeEvent,
  MINUTE_MS,
  NOW_MS,
} from '../test/accessFixtures';
import { useTimelineAccessEvents } from './timelineAccessEvents';

function CameraTimeline({ camera, onSeek }: { camera: Camera; onSeek: (ms: number) => void }) {
  const marks = useTimelineAccessEvents(camera, 'UTC', 24, onSeek);
  return (
    <Timeline
      networkId={NETWORK_ID}
      cameraId={camera.id}
      mode="live"
      playheadMs={null}
      nowMs={NOW_MS}
      timeZone="UTC"
      timeMode={24}
      canSeek
      marks={marks}
      onSeek={onSeek}
      onLive={vi.fn()}
    />
  );
}

function renderTimeline(camera: Camera = lobby) {
  const onSeek = vi.fn();
  const rendered = renderWithProviders(<CameraTimeline camera={camera} onSeek={onSeek} />, {
    route: `/n/${NETWORK_ID}/cameras/${camera.id}`,
    preloadedState: accessState(),
  });
  return { ...rendered, onSeek };
}

// The timeline opens at 1 h following now: 54 min before now to 6 min after.
const granted = makeEvent('ev-1', NOW_MS - 30 * MINUTE_MS);
const denied = makeEvent('ev-2', NOW_MS - 10 * MINUTE_MS, {
  type: 'access_denied',
  message: 'Access denied',
  actor: { type: 'SYSTEM' },
});
const outside = makeEvent('ev-3', NOW_MS - 2 * HOUR_MS);

describe('door event marks on the camera timeline', () => {
  afterEach(() => vi.useRealTimers());

  it('marks the events of the visible range, asking for the range with startTs/endTs', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW_MS });
    doorsServer();
    const calls = eventsServer(() => [granted, denied, outside]);
    renderTimeline();
    await waitFor(() => expect(screen.getAllByTestId('access-event-mark')).toHaveLength(2));
    const [first, second] = screen.getAllByTestId('access-event-mark');
    expect(first).toHaveAttribute('data-event-uuid', 'ev-1');
    expect(first).toHaveAccessibleName(
      'Door event: Front entrance, Access granted, Mar 6, 2025, 19:30:00, Ada Lovelace (E-1001)',
    );
    expect(second).toHaveAccessibleName('Door event: Front entrance, Access denied, Mar 6, 2025, 19:50:00, System');
    expect(first.style.left).toBe(`calc(${(24 / 60) * 100}% - 4px)`);

    expect(calls[0].params.get('door_uuid')).toBe('door-front');
    expect(Object.fromEntries(calls[0].params)).toMatchObject({
      location_uuid: 'site-hq',
      startTs: String(NOW_MS - 60 * MINUTE_MS),
      endTs: String(NOW_MS + 30 * MINUTE_MS),
      order: 'asc',
      page: '1',
      page_size: '100',
    });
  });

  it('shows a hover card (door, message, time, actor) on hover and focus; a click or Enter seeks', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW_MS });
    doorsServer();
    eventsServer(() => [granted]);
    const { user, onSeek } = renderTimeline();
    const mark = await screen.findByTestId('access-event-mark');

    await user.hover(mark);
    const card = within(await screen.findByRole('tooltip')).getByTestId('access-event-card');
    expect(card).toHaveTextContent('Front entrance');
    expect(card).toHaveTextContent('Access granted');
    expect(card).toHaveTextContent('Mar 6, 2025, 19:30:00');
    expect(card).toHaveTextContent('Ada Lovelace (E-1001)');
    await user.click(mark);
    expect(onSeek).toHaveBeenCalledTimes(1); // the mark's seek only, not the track's own click as well
    expect(onSeek).toHaveBeenLastCalledWith(NOW_MS - 30 * MINUTE_MS);
    await user.unhover(mark);

    act(() => mark.focus());
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Front entrance');
    await user.keyboard('{Enter}');
    expect(onSeek).toHaveBeenCalledTimes(2);
  });

  it('joins events closer than half a percent of the track into one mark, its card counting the rest', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW_MS });
    doorsServer();
    const burst = Array.from({ length: 5 }, (_, index) =>
      makeEvent(`ev-${index}`, NOW_MS - 20 * MINUTE_MS + index * 1000, { message: `Event ${index}` }),
    );
    eventsServer(() => burst);
    const { user } = renderTimeline();
    const mark = await screen.findByTestId('access-event-mark');
    expect(mark).toHaveAttribute('data-event-count', '5');
    await user.hover(mark);
    const card = await screen.findByTestId('access-event-card');
    expect(card).toHaveTextContent('Event 0');
    expect(card).toHaveTextContent('Event 2');
    expect(card).not.toHaveTextContent('Event 3');
    expect(card).toHaveTextContent('+2 more events');
  });

  it('asks again every 10 s while the window includes now, and not once scrolled into the past', async () => {
    vi.useFakeTimers({ now: NOW_MS, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    doorsServer();
    const events = [granted];
    const calls = eventsServer(() => events);
    renderTimeline();
    await vi.waitFor(() => expect(screen.getAllByTestId('access-event-mark')).toHaveLength(1));
    expect(calls).toHaveLength(1);

    events.push(makeEvent('ev-new', NOW_MS - MINUTE_MS, { message: 'Door forced open', type: 'door_forced_open' }));
    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(calls).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    await vi.waitFor(() => expect(screen.getAllByTestId('access-event-mark')).toHaveLength(2));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await vi.waitFor(() => expect(calls).toHaveLength(3));

    // 30 min back: the window (1:24 to 0:24 before now) no longer includes now.
    fireEvent.click(screen.getByRole('button', { name: 'Scroll left' }));
    await vi.waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(4));
    const asked = calls.length;
    expect(Number(calls[asked - 1].params.get('startTs'))).toBe(NOW_MS - 90 * MINUTE_MS);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(calls).toHaveLength(asked);
  });

  it('asks for nothing for a camera without doors', async () => {
    const mappingQueries = doorsServer({ mappings: [] });
    const calls = eventsServer(() => [granted]);
    renderTimeline();
    await waitFor(() => expect(mappingQueries).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toHaveLength(0);
    expect(screen.queryByTestId('access-event-mark')).not.toBeInTheDocument();
  });

  it('asks for nothing without the historical right on the camera', async () => {
    doorsServer();
    const calls = eventsServer(() => [granted]);
    renderTimeline(makeCamera(2, { permissions: { write: true, export: true, historical: false, live: true } }));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(calls).toHaveLength(0);
    expect(screen.queryByTestId('access-event-mark')).not.toBeInTheDocument();
  });
});
