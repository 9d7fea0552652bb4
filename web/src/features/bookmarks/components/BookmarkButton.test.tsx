import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Camera } from '../../../api/types';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { makeCamera, NETWORK_ID } from '../../cameras/test/fixtures';
import { bookmarksState, listServer, MINUTE_MS, NOW_MS, yard } from '../test/bookmarkFixtures';
import { BookmarkButton } from './BookmarkButton';

function renderButton(camera: Camera, flag = true, playheadMs: number | null = null) {
  return renderWithProviders(<BookmarkButton camera={camera} playheadRef={{ current: playheadMs }} />, {
    route: `/n/${NETWORK_ID}/cameras/${camera.id}`,
    path: '/n/:networkId/cameras/:cameraId',
    preloadedState: bookmarksState({ flag }),
  });
}

describe("the camera page's 'Clip bookmark' button", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: NOW_MS }));
  afterEach(() => vi.useRealTimers());

  it('opens the bookmarks drawer around the time the player is at', async () => {
    listServer(() => []);
    const { user } = renderButton(yard, true, NOW_MS - 60 * MINUTE_MS);
    await user.click(screen.getByRole('button', { name: 'Clip bookmark' }));
    // The drawer is a chunk of its own: a loading drawer first.
    const drawer = await screen.findByTestId('bookmarks-drawer');
    expect(drawer).toHaveAttribute('data-drawer', 'BOOKMARKS');
    expect(screen.getByRole('dialog', { name: 'Bookmarks' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Start time/ })).toHaveTextContent('10:55:00 AM');
    expect(screen.getByRole('button', { name: /^End time/ })).toHaveTextContent('11:05:00 AM');
  });

  it('is not shown without the flag has_camera_investigation', () => {
    renderButton(yard, false);
    expect(screen.queryByRole('button', { name: 'Clip bookmark' })).not.toBeInTheDocument();
  });

  it('is not shown without the historical right on the camera', () => {
    renderButton(makeCamera(2, { permissions: { write: false, export: true, historical: false, live: true } }));
    expect(screen.queryByRole('button', { name: 'Clip bookmark' })).not.toBeInTheDocument();
  });
});
