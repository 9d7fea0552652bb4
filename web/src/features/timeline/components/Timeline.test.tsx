import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { apiPath, json, server } from '../../../test/server';
import { Timeline, type TimelineProps } from './Timeline';

const availabilityPath = apiPath('/n/:networkId/manage/vision/cameras/:cameraId/availability');

function renderTimeline(overrides: Partial<TimelineProps> = {}) {
  const now = Date.now();
  const props: TimelineProps = {
    networkId: 5,
    cameraId: 2,
    mode: 'live',
    playheadMs: null,
    nowMs: now,
    timeZone: 'UTC',
    timeMode: 24,
    canSeek: true,
    onSeek: vi.fn(),
    onLive: vi.fn(),
    ...overrides,
  };
  const rendered = renderWithProviders(<Timeline {...props} />);
  const track = screen.getByTestId('timeline-track');
  track.getBoundingClientRect = () => ({ left: 0, top: 0, width: 1000, height: 48, right: 1000, bottom: 48, x: 0, y: 0, toJSON: () => ({}) });
  return { ...rendered, props, track, now };
}

describe('timeline', () => {
  it('lists the nine zoom levels, opens at 1 h and follows now with right scroll disabled in live', async () => {
    server.use(http.get(availabilityPath, () => json({ camera: [], cloud: [] })));
    const { user } = renderTimeline();
    const select = screen.getByRole('combobox', { name: 'Zoom level' });
    expect([...(select as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      '5 min', '15 min', '30 min', '1 h', '4 h', '12 h', '1 day', '3 days', '1 week',
    ]);
    expect(select).toHaveValue('3');
    expect(screen.getByRole('button', { name: 'Scroll right' })).toBeDisabled();
    expect(screen.getByTestId('timeline-now')).toHaveTextContent('NOW');
    await user.selectOptions(select, '0');
    expect(select).toHaveValue('0');
  });

  it('scrolls left and back right in history', async () => {
    server.use(http.get(availabilityPath, () => json({ camera: [], cloud: [] })));
    const now = Date.now();
    const { user } = renderTimeline({ mode: 'history', playheadMs: now - 600_000, nowMs: now });
    const right = screen.getByRole('button', { name: 'Scroll right' });
    expect(right).toBeDisabled(); // the window still follows now
    await user.click(screen.getByRole('button', { name: 'Scroll left' }));
    expect(right).toBeEnabled();
    await user.click(right);
    expect(right).toBeDisabled();
  });

  it('seeks history on click, goes Live at or after now, and shows the hover time', () => {
    server.use(http.get(availabilityPath, () => json({ camera: [], cloud: [] })));
    const { track, props, now } = renderTimeline();
    // 1 h window ending 6 min after now: x = 500 is 24 min ago.
    fireEvent.click(track, { clientX: 500 });
    expect(props.onSeek).toHaveBeenCalledTimes(1);
    const target = vi.mocked(props.onSeek).mock.calls[0][0];
    expect(Math.abs(target - (now - 1_440_000))).toBeLessThan(2000);
    fireEvent.click(track, { clientX: 950 });
    expect(props.onLive).toHaveBeenCalledTimes(1);
    fireEvent.mouseMove(track, { clientX: 500 });
    expect(screen.getByTestId('timeline-hover')).toBeInTheDocument();
  });

  it('draws camera (green) and cloud (blue) availability fetched per 2 h block', async () => {
    const calls: string[] = [];
    server.use(
      http.get(availabilityPath, ({ request }) => {
        calls.push(request.url);
        const t0 = Number(new URL(request.url).searchParams.get('t0'));
        return json({ camera: [[t0 + 1000, t0 + 7_199_000]], cloud: [[t0, t0 + 7_200_000]] });
      }),
    );
    renderTimeline();
    expect(await screen.findAllByTestId('availability-camera', {}, { timeout: 3000 })).not.toHaveLength(0);
    expect(screen.getAllByTestId('availability-cloud').length).toBeGreaterThan(0);
    for (const url of calls) {
      const params = new URL(url).searchParams;
      expect(Number(params.get('t0')) % 7_200_000).toBe(0);
      expect(Number(params.get('t1')) - Number(params.get('t0'))).toBe(7_200_000);
    }
  });

  it('swallows availability errors', async () => {
    let answered = false;
    server.use(
      http.get(availabilityPath, () => {
        answered = true;
        return json({ errors: ['boom'] }, 500);
      }),
    );
    renderTimeline();
    await waitFor(() => expect(answered).toBe(true), { timeout: 3000 });
    expect(screen.queryByTestId('availability-camera')).not.toBeInTheDocument();
  });

  it('does not seek without the historical right', () => {
    const { track, props } = renderTimeline({ canSeek: false });
    fireEvent.click(track, { clientX: 500 });
    expect(props.onSeek).not.toHaveBeenCalled();
    expect(props.onLive).not.toHaveBeenCalled();
  });

  it('starts selection mode at level 2 with 150000 ms and keeps at least 5000 ms between the handles', async () => {
    server.use(http.get(availabilityPath, () => json({ camera: [], cloud: [] })));
    const now = Date.now();
    const { user } = renderTimeline({ mode: 'history', playheadMs: now - 3_600_000, nowMs: now });
    await user.click(screen.getByRole('button', { name: 'Select range' }));
    expect(screen.getByRole('combobox', { name: 'Zoom level' })).toHaveValue('2');
    const left = screen.getByRole('slider', { name: 'Selection start' });
    const right = screen.getByRole('slider', { name: 'Selection end' });
    const start = Number(left.getAttribute('aria-valuenow'));
    expect(Number(right.getAttribute('aria-valuenow')) - start).toBe(150_000);

    right.focus();
    for (let i = 0; i < 150; i += 1) fireEvent.keyDown(right, { key: 'ArrowLeft' });
    const end = Number(right.getAttribute('aria-valuenow'));
    expect(end - Number(left.getAttribute('aria-valuenow'))).toBe(5000);
    expect(Number(left.getAttribute('aria-valuenow'))).toBeLessThan(start);

    await user.click(screen.getByRole('button', { name: 'Move selected range here' }));
    expect(Number(right.getAttribute('aria-valuenow')) - Number(left.getAttribute('aria-valuenow'))).toBe(5000);
    await user.click(screen.getByRole('button', { name: 'Select range' }));
    expect(screen.queryByRole('slider', { name: 'Selection start' })).not.toBeInTheDocument();
  });

  it('draws the marks it is given for the visible window on the track', () => {
    const marks = vi.fn((window: { startMs: number; endMs: number }) => (
      <span data-testid="extra-mark">{window.endMs - window.startMs}</span>
    ));
    const { track } = renderTimeline({ marks });
    expect(track).toContainElement(screen.getByTestId('extra-mark'));
    expect(screen.getByTestId('extra-mark')).toHaveTextContent('3600000'); // the 1 h level's window
  });
});
