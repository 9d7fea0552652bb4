import { act, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { json, server } from '../../../test/server';
import { makeEvent, motionSearchPath } from '../../motion-search/test/motionFixtures';
import { formatClock, formatDate } from '../timeFormat';
import { Timeline, type TimelineProps } from './Timeline';

const BLOCK = 7_200_000;

function renderTimeline(overrides: Partial<TimelineProps> = {}) {
  const props: TimelineProps = {
    networkId: 5,
    cameraId: 2,
    mode: 'live',
    playheadMs: null,
    nowMs: Date.now(),
    timeZone: 'UTC',
    timeMode: 24,
    canSeek: true,
    onSeek: vi.fn(),
    onLive: vi.fn(),
    ...overrides,
  };
  return renderWithProviders(<Timeline {...props} />);
}

/** Records the motion_search calls (start in ms) and answers each with the events of that block. */
function recordMotion(eventsFor: (startS: number) => ReturnType<typeof makeEvent>[] = () => []) {
  const calls: { startMs: number; endMs: number; params: URLSearchParams; atMs: number }[] = [];
  server.use(
    http.get(motionSearchPath, ({ request }) => {
      const params = new URL(request.url).searchParams;
      const start = Number(params.get('start'));
      calls.push({ startMs: start * 1000, endMs: Number(params.get('end')) * 1000, params, atMs: Date.now() });
      return json({ subevents: eventsFor(start), grid: { cols: 60, rows: 34 } });
    }),
  );
  return calls;
}

describe('timeline motion recap', () => {
  afterEach(() => vi.useRealTimers());

  it('fetches per 2 h block 500 ms after opening, re-fetches the current block every 30 s and others after 5 min', async () => {
    // 40 min into a block: the 1 h window (following now) covers the previous block and the current one.
    vi.useFakeTimers({ now: 1000 * BLOCK + 40 * 60_000, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const calls = recordMotion();
    const now = Date.now();
    renderTimeline({ nowMs: now });
    const current = 1000 * BLOCK;
    const previous = 999 * BLOCK;

    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(calls).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls.map((call) => call.startMs).sort()).toEqual([previous, current]);
    for (const call of calls) {
      expect(call.endMs - call.startMs).toBe(BLOCK);
      expect(Object.fromEntries(call.params)).toMatchObject({ id: '2', feature: 'timeline', with_images: 'true' });
    }

    // Every 30 s: the current block only (the previous one stays valid 5 min).
    for (let i = 1; i <= 9; i += 1) {
      await act(() => vi.advanceTimersByTimeAsync(30_000));
      await vi.waitFor(() => expect(calls).toHaveLength(2 + i));
      expect(calls[calls.length - 1].startMs).toBe(current);
    }
    // 5 min after the first fetch the previous block is fetched again too.
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await vi.waitFor(() => expect(calls).toHaveLength(13));
    expect(calls.slice(11).map((call) => call.startMs).sort()).toEqual([previous, current]);
  });

  it('fetches nothing without the historical right', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const calls = recordMotion();
    renderTimeline({ canSeek: false });
    await act(() => vi.advanceTimersByTimeAsync(31_000));
    expect(calls).toHaveLength(0);
  });

  it('draws motion blocks with a hover preview: image, date, time and duration', async () => {
    const now = Date.now();
    const eventS = Math.floor((now - 20 * 60_000) / 1000);
    recordMotion((startS) =>
      eventS >= startS && eventS < startS + BLOCK / 1000 ? [makeEvent(eventS, { duration_ms: 400 })] : [],
    );
    const { user } = renderTimeline({ nowMs: now });
    const block = await screen.findByTestId('motion-recap-block', {}, { timeout: 3000 });
    expect(screen.getAllByTestId('motion-recap-block')).toHaveLength(1);
    await user.hover(block);
    const preview = await screen.findByTestId('motion-recap-preview');
    expect(preview.querySelector('img')).toHaveAttribute('src', `/n1/cameras/1001/motion/${eventS}.jpg`);
    expect(within(preview).getByText(formatDate(eventS * 1000, 'UTC'))).toBeInTheDocument();
    expect(within(preview).getByText(formatClock(eventS * 1000, 'UTC', 24))).toBeInTheDocument();
    expect(within(preview).getByText('Duration: 1 s')).toBeInTheDocument();
  });

  it('swallows motion errors', async () => {
    let answered = 0;
    server.use(
      http.get(motionSearchPath, () => {
        answered += 1;
        return json({ errors: ['boom'] }, 400);
      }),
    );
    renderTimeline();
    await vi.waitFor(() => expect(answered).toBeGreaterThan(0), { timeout: 3000 });
    expect(screen.queryByTestId('motion-recap-block')).not.toBeInTheDocument();
    expect(screen.getByTestId('timeline-track')).toBeInTheDocument();
  });
});
