import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DateTimePopover } from './DateTimePopover';
import type { TimeMode } from './format';
import { laMs, MINUTE_MS, NOW_MS, ZONE } from './test/clock';
import { freezeDate, openPicker, renderControlled } from './test/renderPicker';

const ELEVEN_AM = laMs(2025, 3, 6, 11);

function renderPopover(timeMode: TimeMode = 12, initial = ELEVEN_AM) {
  const rendered = renderControlled(
    initial,
    (value, onChange) => <DateTimePopover label="Start time" value={value} timeZone={ZONE} onChange={onChange} />,
    timeMode,
  );
  return { ...rendered, button: screen.getByRole('button', { name: /^Start time/ }) };
}

describe('DateTimePopover', () => {
  beforeEach(freezeDate);
  afterEach(() => vi.useRealTimers());

  it('shows the time in the 12-hour mode by default and opens a calendar, a clock and the text entry', async () => {
    const { user, button } = renderPopover();
    expect(button).toHaveAccessibleName('Start time Mar 6, 2025, 11:00:00 AM');
    const popover = await openPicker(user, button);
    expect(within(popover).getByRole('button', { name: 'March 6, 2025' })).toBeInTheDocument();
    for (const name of ['Hours', 'Minutes', 'Seconds']) expect(within(popover).getByRole('spinbutton', { name })).toBeInTheDocument();
    expect(within(popover).getByRole('combobox', { name: 'AM/PM' })).toBeInTheDocument();
    expect(within(popover).getByRole('switch', { name: '24-hour clock' })).not.toBeChecked();
    // The focus starts in the text entry.
    await waitFor(() => expect(within(popover).getByRole('textbox', { name: 'Type a time' })).toHaveFocus());
  });

  it('applies a day chosen in the calendar at the same time of day; later days are disabled', async () => {
    const { user, button, onChange } = renderPopover();
    const popover = await openPicker(user, button);
    expect(within(popover).getByRole('button', { name: 'March 7, 2025' })).toBeDisabled();
    await user.click(within(popover).getByRole('button', { name: 'March 4, 2025' }));
    expect(onChange).toHaveBeenLastCalledWith(laMs(2025, 3, 4, 11));
    expect(button).toHaveTextContent('Mar 4, 2025, 11:00:00 AM');
  });

  it("applies '10 minutes ago' with Go and closes", async () => {
    const { user, button, onChange } = renderPopover();
    const popover = await openPicker(user, button);
    await user.type(within(popover).getByRole('textbox', { name: 'Type a time' }), '10 minutes ago');
    await user.click(within(popover).getByRole('button', { name: 'Go' }));
    expect(onChange).toHaveBeenLastCalledWith(NOW_MS - 10 * MINUTE_MS);
    expect(button).toHaveTextContent('Mar 6, 2025, 11:50:00 AM');
    await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'false'));
  });

  it("applies with Enter, and 'friday' (tomorrow) becomes the Friday before in a past-only picker", async () => {
    const { user, button, onChange } = renderPopover();
    const popover = await openPicker(user, button);
    await user.type(within(popover).getByRole('textbox', { name: 'Type a time' }), 'friday{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(laMs(2025, 2, 28, 12));
    expect(button).toHaveTextContent('Feb 28, 2025, 12:00:00 PM');
  });

  it("says 'Could not understand that time' for a phrase naming no time and keeps the value", async () => {
    const { user, button, onChange } = renderPopover();
    const popover = await openPicker(user, button);
    const entry = within(popover).getByRole('textbox', { name: 'Type a time' });
    await user.type(entry, 'the day after never');
    await user.click(within(popover).getByRole('button', { name: 'Go' }));
    expect(within(popover).getByText('Could not understand that time')).toBeInTheDocument();
    expect(entry).toHaveAttribute('aria-invalid', 'true');
    expect(onChange).not.toHaveBeenCalled();
    expect(button).toHaveTextContent('Mar 6, 2025, 11:00:00 AM');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    // Typing again clears the error.
    await user.type(entry, '!');
    expect(within(popover).queryByText('Could not understand that time')).not.toBeInTheDocument();
  });

  it('switches between 12- and 24-hour times with the user preference', async () => {
    const { user, button, store } = renderPopover();
    const popover = await openPicker(user, button);
    await user.click(within(popover).getByRole('switch', { name: '24-hour clock' }));
    expect(store.getState().preferences.timeMode).toBe(24);
    expect(button).toHaveTextContent('Mar 6, 2025, 11:00:00');
    expect(button).not.toHaveTextContent('AM');
    expect(within(popover).queryByRole('combobox', { name: 'AM/PM' })).not.toBeInTheDocument();
    await user.click(within(popover).getByRole('switch', { name: '24-hour clock' }));
    expect(store.getState().preferences.timeMode).toBe(12);
    expect(button).toHaveTextContent('Mar 6, 2025, 11:00:00 AM');
  });

  it('shows 24-hour times when that is the preference', () => {
    const { button } = renderPopover(24, laMs(2025, 3, 6, 15, 4, 5));
    expect(button).toHaveTextContent('Mar 6, 2025, 15:04:05');
  });

  it('applies a clock entry when the focus leaves it, with changed minutes on the 15-minute steps', async () => {
    const { user, button, onChange } = renderPopover();
    const popover = await openPicker(user, button);
    await user.click(within(popover).getByRole('spinbutton', { name: 'Minutes' }));
    await user.keyboard('37');
    expect(onChange).not.toHaveBeenCalled(); // not while typing
    await user.click(within(popover).getByRole('textbox', { name: 'Type a time' }));
    expect(onChange).toHaveBeenLastCalledWith(laMs(2025, 3, 6, 11, 30));
    expect(within(popover).getByRole('spinbutton', { name: 'Minutes' })).toHaveValue('30');
    // The arrow keys step by 15.
    await user.click(within(popover).getByRole('spinbutton', { name: 'Seconds' }));
    await user.keyboard('{ArrowUp}');
    await user.click(within(popover).getByRole('textbox', { name: 'Type a time' }));
    expect(onChange).toHaveBeenLastCalledWith(laMs(2025, 3, 6, 11, 30, 15));
  });

  it('is used with the keyboard: Tab moves through the popover, Escape closes it and gives the focus back', async () => {
    const { user, button } = renderPopover();
    await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'true'));
    const popover = document.getElementById(button.getAttribute('aria-controls')!)!;
    const entry = within(popover).getByRole('textbox', { name: 'Type a time' });
    await waitFor(() => expect(entry).toHaveFocus());
    await user.tab();
    expect(within(popover).getByRole('button', { name: 'How to type a time' })).toHaveFocus();
    await user.tab();
    expect(within(popover).getByRole('button', { name: 'Go' })).toHaveFocus();
    await user.tab(); // on to the calendar
    expect(within(popover).getByRole('button', { name: 'Previous month' })).toHaveFocus();
    // On through the calendar's day (one tab stop) to the clock and the switch.
    for (let presses = 0; presses < 60 && document.activeElement !== within(popover).getByRole('switch'); presses += 1) {
      await user.tab();
      expect(popover).toContainElement(document.activeElement as HTMLElement);
    }
    expect(within(popover).getByRole('switch', { name: '24-hour clock' })).toHaveFocus();
    await user.tab(); // round to the text entry
    expect(entry).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'false'));
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('opens the help over the popover, with examples, and goes back to the popover', async () => {
    const { user, button } = renderPopover();
    const popover = await openPicker(user, button);
    await user.click(within(popover).getByRole('button', { name: 'How to type a time' }));
    const help = await screen.findByRole('dialog', { name: 'Typing a time' });
    expect(within(help).getByText('10 minutes ago')).toBeInTheDocument();
    expect(within(help).getByText('last friday at noon')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Typing a time' })).not.toBeInTheDocument());
    expect(button).toHaveAttribute('aria-expanded', 'true');
  });
});
