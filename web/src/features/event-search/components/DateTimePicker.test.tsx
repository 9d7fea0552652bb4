import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { freezeDate, TODAY } from '../test/renderEventSearch';
import { DateTimePicker } from './DateTimePicker';

function renderPicker(dates = { from: TODAY, to: TODAY }, times = { start: '00:00', end: '00:00' }) {
  const onConfirm = vi.fn();
  const rendered = renderWithProviders(
    <DateTimePicker dates={dates} times={times} today={TODAY} timeMode={24} onConfirm={onConfirm} />,
  );
  return { ...rendered, onConfirm, picker: screen.getByTestId('date-time-picker') };
}

const day = (name: string) => screen.getByRole('button', { name });

describe('date-time picker', () => {
  beforeEach(freezeDate);
  afterEach(() => vi.useRealTimers());

  it('shows two months, selects only up to today, and confirms a preset with all day', async () => {
    const { user, picker, onConfirm } = renderPicker();
    expect(within(picker).getByText('February 2025')).toBeInTheDocument();
    expect(within(picker).getByText('March 2025')).toBeInTheDocument();
    expect(day('March 7, 2025')).toBeDisabled();
    expect(day('March 6, 2025')).toBeEnabled();
    expect(within(picker).getByRole('radio', { name: 'Today' })).toBeChecked();

    await user.click(within(picker).getByText('Last 3 days'));
    await user.click(within(picker).getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledWith({ from: '2025-03-04', to: TODAY }, { start: '00:00', end: '00:00' });
  });

  it("blocks Confirm with 'Please select a maximum of 3 days' when the range spans 3 or more days", async () => {
    const { user, picker } = renderPicker();
    await user.click(day('March 2, 2025'));
    expect(within(picker).getByRole('button', { name: 'Confirm' })).toBeDisabled(); // range not finished
    await user.click(day('March 5, 2025'));
    expect(within(picker).getByTestId('max-days-error')).toHaveTextContent('Please select a maximum of 3 days');
    expect(within(picker).getByRole('button', { name: 'Confirm' })).toBeDisabled();
    expect(within(picker).getByRole('radio', { name: 'Custom' })).toBeChecked();

    await user.click(day('March 3, 2025'));
    await user.click(day('March 5, 2025'));
    expect(within(picker).queryByTestId('max-days-error')).not.toBeInTheDocument();
    expect(within(picker).getByRole('button', { name: 'Confirm' })).toBeEnabled();
  });

  it('sets times with the 15-minute inputs, shifts by 6 hours and resets to all day', async () => {
    const { user, picker, onConfirm } = renderPicker(undefined, { start: '09:00', end: '12:00' });
    const summary = within(picker).getByTestId('time-range-summary');
    expect(summary).toHaveTextContent('09:00 – 12:00');
    const thumbs = within(picker).getAllByRole('slider');
    expect(thumbs.map((thumb) => thumb.getAttribute('aria-valuenow'))).toEqual(['36', '48']);

    await user.click(within(picker).getByRole('button', { name: '6 hours later' }));
    expect(summary).toHaveTextContent('15:00 – 18:00');
    await user.click(within(picker).getByRole('button', { name: '6 hours later' }));
    expect(summary).toHaveTextContent('21:00 – 00:00');

    await user.click(within(picker).getByRole('combobox', { name: 'Start time' }));
    expect(await screen.findAllByRole('option')).toHaveLength(96);
    await user.click(screen.getByRole('option', { name: '22:15' }));
    expect(summary).toHaveTextContent('22:15 – 00:00');

    await user.click(within(picker).getByRole('button', { name: 'Reset to all day' }));
    expect(summary).toHaveTextContent('All day');
    expect(within(picker).getByRole('button', { name: '6 hours later' })).toBeDisabled();
    await user.click(within(picker).getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledWith({ from: TODAY, to: TODAY }, { start: '00:00', end: '00:00' });
  });
});
