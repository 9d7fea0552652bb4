import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/server';
import { type MotionRequest, motionHandler } from '../test/motionFixtures';
import { renderDrawer } from '../test/renderDrawer';

const ZONE = 'America/Los_Angeles';

/** The open picker of a field (the popover its button controls). */
async function pickerOf(field: HTMLElement): Promise<HTMLElement> {
  await waitFor(() => expect(field).toHaveAttribute('aria-controls'));
  return document.getElementById(field.getAttribute('aria-controls')!)!;
}

/** Presses Tab until `target` has the focus (at most 30 times). */
async function tabTo(user: UserEvent, target: HTMLElement): Promise<void> {
  for (let presses = 0; document.activeElement !== target && presses < 30; presses += 1) await user.tab();
  expect(document.activeElement).toBe(target);
}

/** `YYYY-MM-DD` of the day `offsetDays` from today in the network's zone, and its calendar name. */
function day(offsetDays: number) {
  const date = dayjs().tz(ZONE).add(offsetDays, 'day').format('YYYY-MM-DD');
  const name = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
  return { date, name };
}

describe("search range with the portal's date-time picker", () => {
  it('uses no native date inputs: the fields open a calendar with hour and minute inputs', async () => {
    const { user } = renderDrawer();
    const drawer = screen.getByTestId('motion-search-drawer');
    expect(drawer.querySelectorAll('input[type="date"], input[type="datetime-local"], input[type="time"]')).toHaveLength(0);
    const start = screen.getByRole('button', { name: 'Start' });
    await user.click(start);
    const picker = await pickerOf(start);
    expect(within(picker).getByRole('button', { name: day(-1).name })).toBeInTheDocument();
    expect(within(picker).getByRole('spinbutton', { name: 'Hours' })).toBeInTheDocument();
    expect(within(picker).getByRole('spinbutton', { name: 'Minutes' })).toBeInTheDocument();
    expect(within(picker).getByRole('button', { name: 'Apply' })).toBeInTheDocument();
    // Later days than today cannot be picked.
    const tomorrow = within(picker).queryByRole('button', { name: day(1).name });
    if (tomorrow) expect(tomorrow).toBeDisabled();
  });

  it('picks the start with the keyboard alone and sends it, in the network zone, as the search start', async () => {
    const log: MotionRequest[] = [];
    server.use(motionHandler([], log));
    const { user } = renderDrawer();
    const start = screen.getByRole('button', { name: 'Start' });
    // The drawer focuses its close button on opening; Tab goes on from there to the field.
    const drawer = screen.getByRole('dialog', { name: 'Motion search' });
    await waitFor(() => expect(drawer).toContainElement(document.activeElement as HTMLElement));
    await tabTo(user, start);
    await user.keyboard('{Enter}');
    const picker = await pickerOf(start);
    // The start opens on its own day (yesterday: the default range is the last 24 h); Tab reaches it, ← goes one day
    // back, Enter picks it, Tab goes on to the hours, then 07:30 and Enter applies.
    const yesterday = within(picker).getByRole('button', { name: day(-1).name });
    await tabTo(user, yesterday);
    await user.keyboard('{ArrowLeft}{Enter}');
    await tabTo(user, within(picker).getByRole('spinbutton', { name: 'Hours' }));
    await user.keyboard('07');
    await user.keyboard('30');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(picker).not.toBeVisible());
    const twoDaysAgo = day(-2).date;
    expect(start).toHaveTextContent(`${twoDaysAgo} 07:30`);

    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('no results found');
    const starts = log.map((entry) => Number(entry.params.get('start')));
    expect(Math.min(...starts)).toBe(dayjs.tz(`${twoDaysAgo} 07:30:00`, ZONE).unix());
  });

  it("says 'The end must be after the start' and blocks Search for an end not after the start", async () => {
    const { user } = renderDrawer();
    const end = screen.getByRole('button', { name: 'End' });
    await user.click(end);
    const picker = await pickerOf(end);
    // Yesterday at the end's time is (within a second) the default start, 24 h earlier: not after it.
    await user.click(within(picker).getByRole('button', { name: day(-1).name }));
    await user.click(within(picker).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('The end must be after the start')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Last hour' }));
    expect(screen.queryByText('The end must be after the start')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toBeEnabled();
  });

  it('shows 12-hour times with AM/PM in the 12-hour mode', async () => {
    const { user } = renderDrawer(undefined, { timeMode: 12 });
    const start = screen.getByRole('button', { name: 'Start' });
    expect(start.textContent).toMatch(/^\d{4}-\d{2}-\d{2} \d{1,2}:\d{2} (AM|PM)$/);
    await user.click(start);
    const picker = await pickerOf(start);
    expect(within(picker).getByRole('combobox', { name: 'AM/PM' })).toBeInTheDocument();
  });
});
