import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listFailure, listServer, makeBookmark, MINUTE_MS, NOW_MS } from '../test/bookmarkFixtures';
import { renderDrawer } from '../test/renderDrawer';

const HOUR_MS = 60 * MINUTE_MS;
const ITEM_PX = 100;
/** 65 bookmarks an hour apart, newest first: pages of 30, 30 and 5. */
const many = Array.from({ length: 65 }, (_, index) => makeBookmark(100 + index, NOW_MS - (index + 1) * HOUR_MS));

/** jsdom has no layout: the list is 500 px high and each bookmark 100 px. */
function stubListLayout() {
  const isList = (element: HTMLElement) => element.dataset.testid === 'bookmarks-scroll';
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return isList(this) ? this.querySelectorAll('[data-testid="bookmark-item"]').length * ITEM_PX : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return isList(this) ? 500 : 0;
  });
}

function scrollTo(top: number) {
  const list = screen.getByTestId('bookmarks-scroll');
  list.scrollTop = top;
  fireEvent.scroll(list);
}

async function openSaved() {
  const rendered = renderDrawer();
  await rendered.user.click(screen.getByRole('tab', { name: 'Saved' }));
  return rendered;
}

describe('bookmarks drawer: saved', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: NOW_MS }));
  afterEach(() => vi.useRealTimers());

  it('loses none of the bookmarks that start at the same moment across a page boundary', async () => {
    stubListLayout();
    const same = Array.from({ length: 32 }, (_, index) => makeBookmark(500 - index, NOW_MS - HOUR_MS));
    listServer(() => same);
    await openSaved();
    await waitFor(() => expect(screen.getAllByTestId('bookmark-item')).toHaveLength(30));
    scrollTo(2450);
    await waitFor(() => expect(screen.getAllByTestId('bookmark-item')).toHaveLength(32));
  });

  it('loads 30 at a time for the camera, older pages with endingBefore as the list nears its bottom, until none remain', async () => {
    stubListLayout();
    const queries = listServer(() => many);
    await openSaved();
    await waitFor(() => expect(screen.getAllByTestId('bookmark-item')).toHaveLength(30));
    expect(queries).toHaveLength(1);
    expect(Object.fromEntries(queries[0])).toEqual({ serials: 'Q2XX-0000-2', perPage: '30' });

    scrollTo(2000); // 500 px from the bottom: not yet
    scrollTo(2450);
    await waitFor(() => expect(screen.getAllByTestId('bookmark-item')).toHaveLength(60));
    expect(queries[1].get('endingBefore')).toBe(many[29].startTs);
    expect(queries[1].get('endingBeforeId')).toBe(String(many[29].id));

    scrollTo(5450);
    await waitFor(() => expect(screen.getAllByTestId('bookmark-item')).toHaveLength(65));
    expect(queries[2].get('endingBefore')).toBe(many[59].startTs);
    expect(queries.map((query) => query.get('serials'))).toEqual(['Q2XX-0000-2', 'Q2XX-0000-2', 'Q2XX-0000-2']);

    scrollTo(6000); // remaining was 0: nothing more to ask for
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queries).toHaveLength(3);
  });

  it("shows 'empty-bookmarks' for a camera without bookmarks", async () => {
    listServer(() => []);
    await openSaved();
    expect(await screen.findByTestId('empty-bookmarks')).toHaveTextContent('No bookmarks on this camera yet');
  });

  it("shows the 'fetch-error' banner when the list fails, and asks again on 'Try again'", async () => {
    let fail = true;
    const queries = listServer(() => (fail ? listFailure() : [makeBookmark(1, NOW_MS - HOUR_MS, { description: 'Gate' })]));
    const { user } = await openSaved();
    const banner = await screen.findByTestId('fetch-error');
    expect(banner).toHaveTextContent('Unable to fetch bookmarks, please try again later.');
    expect(queries).toHaveLength(1);
    fail = false;
    await user.click(within(banner).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Gate')).toBeInTheDocument();
    expect(screen.queryByTestId('fetch-error')).not.toBeInTheDocument();
  });

  it('shows each bookmark with its description, range and creator; a click seeks the player and opens its detail', async () => {
    const gate = makeBookmark(1, NOW_MS - HOUR_MS, { description: 'Gate left open', userName: 'Victor Viewer' });
    listServer(() => [gate, makeBookmark(2, NOW_MS - 2 * HOUR_MS, { description: '' })]);
    const { user, onClose } = await openSaved();
    const [first, second] = await screen.findAllByTestId('bookmark-item');
    expect(first).toHaveTextContent('Gate left open');
    expect(first).toHaveTextContent('Mar 6, 2025, 11:00:00 AM – 11:10:00 AM');
    expect(first).toHaveTextContent('Created by Victor Viewer');
    expect(second).toHaveTextContent('No description');

    await user.click(first);
    expect(screen.getByTestId('location')).toHaveTextContent(`/n/5/cameras/2?ts=${(NOW_MS - HOUR_MS) / 1000}`);
    const detail = screen.getByTestId('bookmark-detail');
    expect(within(detail).getByRole('heading', { name: 'Gate left open' })).toBeInTheDocument();
    expect(detail).toHaveTextContent('Duration10 min');

    await user.click(within(detail).getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('tab', { name: 'Saved' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getAllByTestId('bookmark-item')[0]);
    await user.click(within(screen.getByTestId('bookmark-detail')).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
