import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TimeRange } from './rangeRule';
import { HOUR_MS, NOW_MS, ZONE } from './test/clock';
import { freezeDate, openPicker, renderControlled } from './test/renderPicker';
import { TimeRangePicker, type TimeRangePickerProps } from './TimeRangePicker';

const TWO_HOURS_TO_ONE: TimeRange = { startMs: NOW_MS - 2 * HOUR_MS, endMs: NOW_MS - HOUR_MS };

function renderRange(props: Partial<TimeRangePickerProps> = {}, initial = TWO_HOURS_TO_ONE) {
  const rendered = renderControlled(initial, (value, onChange) => (
    <TimeRangePicker timeZone={ZONE} {...props} value={value} onChange={onChange} />
  ));
  return {
    ...rendered,
    start: screen.getByRole('button', { name: /^Start time/ }),
    end: screen.getByRole('button', { name: /^End time/ }),
  };
}

/** Types a phrase into a picker's text entry and applies it with Go. */
async function typeTime(user: UserEvent, button: HTMLElement, phrase: string) {
  const popover = await openPicker(user, button);
  await user.type(within(popover).getByRole('textbox', { name: 'Type a time' }), phrase);
  await user.click(within(popover).getByRole('button', { name: 'Go' }));
  await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'false'));
}

describe('TimeRangePicker', () => {
  beforeEach(freezeDate);
  afterEach(() => vi.useRealTimers());

  it('shows the start and end in the time mode', () => {
    const { start, end } = renderRange();
    expect(start).toHaveTextContent('Mar 6, 2025, 10:00:00 AM');
    expect(end).toHaveTextContent('Mar 6, 2025, 11:00:00 AM');
  });

  it('the end moved before the start: the start becomes the end minus 1 hour', async () => {
    const { user, start, end, onChange } = renderRange();
    await typeTime(user, end, '3 hours ago');
    expect(onChange).toHaveBeenLastCalledWith({ startMs: NOW_MS - 4 * HOUR_MS, endMs: NOW_MS - 3 * HOUR_MS });
    expect(start).toHaveTextContent('Mar 6, 2025, 8:00:00 AM');
    expect(end).toHaveTextContent('Mar 6, 2025, 9:00:00 AM');
  });

  it('the start moved after the end: the end becomes the later of the start plus 1 hour and now', async () => {
    const { user, start, end, onChange } = renderRange();
    await typeTime(user, start, '30 minutes ago');
    expect(onChange).toHaveBeenLastCalledWith({ startMs: NOW_MS - HOUR_MS / 2, endMs: NOW_MS });
    expect(start).toHaveTextContent('11:30:00 AM');
    expect(end).toHaveTextContent('12:00:00 PM');
  });

  it('disallows future days in both calendars, even with a later latest time given', async () => {
    const { user, end } = renderRange({ latestMs: NOW_MS + 48 * HOUR_MS });
    const popover = await openPicker(user, end);
    expect(within(popover).getByRole('button', { name: 'March 7, 2025' })).toBeDisabled();
    expect(within(popover).getByRole('button', { name: 'March 6, 2025' })).toBeEnabled();
    await user.click(within(popover).getByRole('button', { name: 'March 1, 2025' }));
    expect(end).toHaveTextContent('Mar 1, 2025, 11:00:00 AM');
  });

  it("notes 'Exports over 3 hours will be divided into files of 3 hour intervals' for a range over 3 hours", async () => {
    const { user, start } = renderRange({ splitNoticeAfterMs: 10_800_000 });
    expect(screen.queryByTestId('time-range-split')).not.toBeInTheDocument();
    await typeTime(user, start, 'today at 7:59am'); // 3 h 1 min before the end (11 AM)
    expect(screen.getByTestId('time-range-split')).toHaveTextContent(
      'Exports over 3 hours will be divided into files of 3 hour intervals',
    );
    await typeTime(user, start, 'today at 8am'); // exactly 3 hours: no notice
    expect(screen.queryByTestId('time-range-split')).not.toBeInTheDocument();
  });

  it("warns 'Timeframe exceeds N minutes' for a range over the maximum duration", () => {
    renderRange({ maxDurationMinutes: 30 });
    expect(screen.getByTestId('time-range-too-long')).toHaveTextContent('Timeframe exceeds 30 minutes');
  });

  it('gives no warning within the maximum duration, nor without one', () => {
    renderRange({ maxDurationMinutes: 60 });
    expect(screen.queryByTestId('time-range-too-long')).not.toBeInTheDocument();
    expect(screen.queryByText(/Timeframe exceeds/)).not.toBeInTheDocument();
  });
});
