import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SchedulePicker } from './SchedulePicker';
import { laMs, ZONE } from './test/clock';
import { freezeDate, openPicker, renderControlled } from './test/renderPicker';

function renderSchedule() {
  const rendered = renderControlled<number | undefined>(undefined, (value, onChange) => (
    <SchedulePicker value={value} timeZone={ZONE} onChange={onChange} />
  ));
  return { ...rendered, button: screen.getByRole('button', { name: /^Schedule time/ }) };
}

describe('SchedulePicker', () => {
  beforeEach(freezeDate);
  afterEach(() => vi.useRealTimers());

  it('starts at now and offers the days from today to 1 month ahead', async () => {
    const { user, button, onChange } = renderSchedule();
    expect(button).toHaveTextContent('Mar 6, 2025, 12:00:00 PM');
    const popover = await openPicker(user, button);
    expect(within(popover).getByRole('button', { name: 'March 5, 2025' })).toBeDisabled();
    expect(within(popover).getByRole('button', { name: 'March 6, 2025' })).toBeEnabled();
    await user.click(within(popover).getByRole('button', { name: 'March 20, 2025' }));
    expect(onChange).toHaveBeenLastCalledWith(laMs(2025, 3, 20, 12));
    await user.click(within(popover).getByRole('button', { name: 'Next month' }));
    expect(within(popover).getByRole('button', { name: 'April 6, 2025' })).toBeEnabled();
    expect(within(popover).getByRole('button', { name: 'April 7, 2025' })).toBeDisabled();
  });

  it("moves a typed past day a week ahead: 'monday' (this week's) is next Monday", async () => {
    const { user, button, onChange } = renderSchedule();
    const popover = await openPicker(user, button);
    await user.type(within(popover).getByRole('textbox', { name: 'Type a time' }), 'monday 9am{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(laMs(2025, 3, 10, 9));
    expect(button).toHaveTextContent('Mar 10, 2025, 9:00:00 AM');
  });
});
