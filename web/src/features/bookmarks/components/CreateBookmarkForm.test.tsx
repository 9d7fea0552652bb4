import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrors } from '../../../test/server';
import { createServer, listServer, makeBookmark, MINUTE_MS, NOW_MS } from '../test/bookmarkFixtures';
import { renderDrawer } from '../test/renderDrawer';

const startButton = () => screen.getByRole('button', { name: /^Start time/ });
const endButton = () => screen.getByRole('button', { name: /^End time/ });

describe('bookmarks drawer: create', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: NOW_MS }));
  afterEach(() => vi.useRealTimers());

  it('opens on the create tab with the player time +/- 5 minutes, the end capped at now', () => {
    listServer(() => []);
    renderDrawer({ playheadMs: NOW_MS - 2 * MINUTE_MS });
    expect(screen.getByRole('tab', { name: 'Create' })).toHaveAttribute('aria-selected', 'true');
    expect(startButton()).toHaveTextContent('Mar 6, 2025, 11:53:00 AM');
    expect(endButton()).toHaveTextContent('Mar 6, 2025, 12:00:00 PM');
  });

  it('takes now +/- 5 minutes when live, and the whole window further back', () => {
    listServer(() => []);
    const live = renderDrawer();
    expect(startButton()).toHaveTextContent('11:55:00 AM');
    expect(endButton()).toHaveTextContent('12:00:00 PM');
    live.unmount();
    renderDrawer({ playheadMs: NOW_MS - 60 * MINUTE_MS });
    expect(startButton()).toHaveTextContent('10:55:00 AM');
    expect(endButton()).toHaveTextContent('11:05:00 AM');
  });

  it('saves the description and ISO times, then switches to the saved tab with the new bookmark first', async () => {
    listServer(() => [makeBookmark(1, NOW_MS - 120 * MINUTE_MS, { description: 'Earlier' })]);
    const bodies = createServer();
    const { user } = renderDrawer({ playheadMs: NOW_MS - 30 * MINUTE_MS });
    await user.type(screen.getByRole('textbox', { name: 'Description' }), ' Forklift ');
    await user.click(screen.getByRole('button', { name: 'Save bookmark' }));

    await waitFor(() => expect(screen.getByRole('tab', { name: 'Saved' })).toHaveAttribute('aria-selected', 'true'));
    expect(bodies).toEqual([
      {
        description: 'Forklift',
        startTs: new Date(NOW_MS - 35 * MINUTE_MS).toISOString(),
        endTs: new Date(NOW_MS - 25 * MINUTE_MS).toISOString(),
      },
    ]);
    const list = await screen.findByRole('list', { name: 'Saved bookmarks' });
    const items = within(list).getAllByTestId('bookmark-item');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual(['Forklift', 'Earlier']);
    expect(screen.queryByTestId('creation-error')).not.toBeInTheDocument();
  });

  it("shows the 'creation-error' banner when the server refuses, and stays on the create tab", async () => {
    listServer(() => []);
    const bodies = createServer(() => apiErrors(['A bookmark may not end in the future'], 400));
    const { user } = renderDrawer();
    await user.click(screen.getByRole('button', { name: 'Save bookmark' }));
    expect(await screen.findByTestId('creation-error')).toHaveTextContent(
      'Unable to create a bookmark, please try again later.',
    );
    expect(bodies).toHaveLength(1);
    expect(screen.getByRole('tab', { name: 'Create' })).toHaveAttribute('aria-selected', 'true');
  });

  it('cannot save a timeframe over 24 hours (the server refuses them)', async () => {
    listServer(() => []);
    const { user } = renderDrawer();
    await user.click(startButton());
    await user.type(screen.getByRole('textbox', { name: 'Type a time' }), '2 days ago');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByTestId('time-range-too-long')).toHaveTextContent('Timeframe exceeds 1440 minutes');
    expect(screen.getByRole('button', { name: 'Save bookmark' })).toBeDisabled();
  });
});
