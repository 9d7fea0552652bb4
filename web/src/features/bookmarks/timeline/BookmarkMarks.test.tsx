import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Camera } from '../../../api/types';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { makeCamera, NETWORK_ID } from '../../cameras/test/fixtures';
import { Timeline } from '../../timeline';
import { bookmarksState, listServer, makeBookmark, MINUTE_MS, NOW_MS, yard } from '../test/bookmarkFixtures';
import { useTimelineBookmarks } from './timelineBookmarks';

const HOUR_MS = 60 * MINUTE_MS;

function CameraTimeline({ camera, onSeek }: { camera: Camera; onSeek: (ms: number) => void }) {
  const marks = useTimelineBookmarks(camera, 'UTC', 24, onSeek);
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

function renderTimeline({ camera = yard, flag = true } = {}) {
  const onSeek = vi.fn();
  const rendered = renderWithProviders(<CameraTimeline camera={camera} onSeek={onSeek} />, {
    route: `/n/${NETWORK_ID}/cameras/${camera.id}`,
    preloadedState: bookmarksState({ flag }),
  });
  return { ...rendered, onSeek };
}

// The timeline opens at 1 h following now: 54 min before now to 6 min after.
const forklift = makeBookmark(1, NOW_MS - 30 * MINUTE_MS, { description: 'Forklift' });
const earlier = makeBookmark(2, NOW_MS - 70 * MINUTE_MS, { endTs: new Date(NOW_MS - 40 * MINUTE_MS).toISOString() });
const outside = makeBookmark(3, NOW_MS - 3 * HOUR_MS);

describe('bookmark marks on the camera timeline', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: NOW_MS }));
  afterEach(() => vi.useRealTimers());

  it('marks the bookmarks in the visible range: a band over each range, a pin at each start in view', async () => {
    listServer(() => [forklift, earlier, outside]);
    renderTimeline();
    const pin = await screen.findByRole('button', { name: 'Bookmark: Forklift, Mar 6, 2025, 19:30:00 – 19:40:00' });
    expect(screen.getAllByTestId('bookmark-mark')).toEqual([pin]);
    expect(screen.getAllByTestId('bookmark-band')).toHaveLength(2);
    expect(pin.style.left).toBe(`${(24 / 60) * 100}%`);
  });

  it('shows the description on hover and focus, and seeks to the start on a click or Enter', async () => {
    listServer(() => [forklift]);
    const { user, onSeek } = renderTimeline();
    const pin = await screen.findByTestId('bookmark-mark');
    expect(pin.tabIndex).toBe(0); // a native button: in the Tab order
    act(() => pin.focus());
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Forklift · Mar 6, 2025, 19:30:00 – 19:40:00');
    await user.keyboard('{Enter}');
    expect(onSeek).toHaveBeenLastCalledWith(NOW_MS - 30 * MINUTE_MS);
    act(() => pin.blur());
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());

    await user.hover(pin);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Forklift');
    await user.click(pin);
    expect(onSeek).toHaveBeenCalledTimes(2); // the pin's seek only, not the track's own click as well
    expect(onSeek).toHaveBeenLastCalledWith(NOW_MS - 30 * MINUTE_MS);
  });

  it('loads older pages until they reach 24 h before the window, then stops', async () => {
    const recent = Array.from({ length: 40 }, (_, index) => makeBookmark(100 + index, NOW_MS - (index + 1) * 10 * MINUTE_MS));
    const queries = listServer(() => recent);
    renderTimeline();
    await waitFor(() => expect(queries).toHaveLength(2));
    expect(queries[1].get('endingBefore')).toBe(recent[29].startTs);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queries).toHaveLength(2); // none remain

    const sparse = Array.from({ length: 40 }, (_, index) => makeBookmark(200 + index, NOW_MS - (index + 1) * 2 * HOUR_MS));
    const sparseQueries = listServer(() => sparse);
    renderTimeline({ camera: makeCamera(4) });
    await waitFor(() => expect(sparseQueries).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sparseQueries).toHaveLength(1); // the first page reaches 60 h back: enough
  });

  it('asks for nothing without the flag, or without the historical right', async () => {
    const queries = listServer(() => [forklift]);
    renderTimeline({ flag: false });
    renderTimeline({ camera: makeCamera(2, { permissions: { write: false, export: true, historical: false, live: true } }) });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(queries).toHaveLength(0);
    expect(screen.queryByTestId('bookmark-mark')).not.toBeInTheDocument();
  });
});
