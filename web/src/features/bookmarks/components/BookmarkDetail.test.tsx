import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminUser, viewerUser } from '../../../test/fixtures';
import { apiErrors, server } from '../../../test/server';
import { deletePath, deleteServer, listServer, makeBookmark, MINUTE_MS, NOW_MS } from '../test/bookmarkFixtures';
import { renderDrawer } from '../test/renderDrawer';

const mine = makeBookmark(1, NOW_MS - 60 * MINUTE_MS, { description: 'Mine' });
const theirs = makeBookmark(2, NOW_MS - 90 * MINUTE_MS, { description: 'Theirs', userId: 999, userName: 'Other' });

async function openDetail(description: string, user = viewerUser) {
  const rendered = renderDrawer({ user });
  await rendered.user.click(screen.getByRole('tab', { name: 'Saved' }));
  await rendered.user.click(await screen.findByText(description));
  return { ...rendered, detail: screen.getByTestId('bookmark-detail') };
}

describe('bookmarks drawer: detail and delete', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: NOW_MS }));
  afterEach(() => vi.useRealTimers());

  it('deletes after a confirmation, back to the list without it', async () => {
    listServer(() => [mine, theirs]);
    const deleted = deleteServer();
    const { user, detail } = await openDetail('Mine', { ...viewerUser, id: mine.userId! });

    await user.click(within(detail).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete bookmark' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this bookmark?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);

    await user.click(within(detail).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete bookmark' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByTestId('bookmark-detail')).not.toBeInTheDocument());
    expect(deleted).toEqual([1]);
    expect(screen.getAllByTestId('bookmark-item').map((item) => item.querySelector('p')?.textContent)).toEqual(['Theirs']);
  });

  it('says so when the delete fails, and keeps the bookmark', async () => {
    listServer(() => [mine]);
    server.use(http.delete(deletePath, () => apiErrors(['Only its creator may delete this bookmark'], 403)));
    const { user, detail } = await openDetail('Mine', { ...viewerUser, id: mine.userId! });
    await user.click(within(detail).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete bookmark' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByTestId('delete-error')).toHaveTextContent('Unable to delete the bookmark, please try again later.');
    expect(screen.getByTestId('bookmark-detail')).toBeInTheDocument();
  });

  it("offers delete to the bookmark's creator and to network administrators only (the server's rule)", async () => {
    listServer(() => [mine, theirs]);
    const { detail, unmount } = await openDetail('Theirs');
    expect(within(detail).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(detail).getByRole('button', { name: 'Jump to video' })).toBeInTheDocument();
    unmount();
    const admin = await openDetail('Theirs', adminUser);
    expect(within(admin.detail).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });
});
