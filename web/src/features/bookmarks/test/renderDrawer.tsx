import { vi } from 'vitest';
import type { Camera, User } from '../../../api/types';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { NETWORK_ID } from '../../cameras/test/fixtures';
import { BookmarksDrawer } from '../components/BookmarksDrawer';
import { bookmarksState, yard } from './bookmarkFixtures';

/** The drawer, open, on the camera page of `camera` (network 5, Los Angeles time, 12-hour clock). */
export function renderDrawer({
  camera = yard,
  playheadMs = null,
  user,
}: { camera?: Camera; playheadMs?: number | null; user?: User } = {}) {
  const onClose = vi.fn();
  const rendered = renderWithProviders(
    <BookmarksDrawer opened onClose={onClose} camera={camera} playheadMs={playheadMs} />,
    {
      route: `/n/${NETWORK_ID}/cameras/${camera.id}`,
      path: '/n/:networkId/cameras/:cameraId',
      preloadedState: bookmarksState({ user }),
    },
  );
  return { ...rendered, onClose };
}
