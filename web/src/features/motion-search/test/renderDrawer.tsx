import { vi } from 'vitest';
import type { Camera } from '../../../api/types';
import type { RootState } from '../../../app/store';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { signedInState } from '../../../test/state';
import { makeCamera, NETWORK_ID } from '../../cameras/test/fixtures';
import { DEFAULT_PREFERENCES } from '../../preferences';
import { MotionSearchDrawer } from '../components/MotionSearchDrawer';

export const lobby = makeCamera(1001, { name: 'Lobby', channel: { id: 51001, snapshot_url: '/n1/cameras/1001/snapshot.jpg' } });
export const dock = makeCamera(1002, { name: 'Dock' });

/**
 * The drawer, open, on the camera page route of the first camera, in the network's zone (America/Los_Angeles);
 * `choosable` gives the wall mode (the cameras chooser).
 */
export function renderDrawer(
  cameras: Camera[] = [lobby],
  preferences: Partial<RootState['preferences']> = {},
  { choosable = false }: { choosable?: boolean } = {},
) {
  const onClose = vi.fn();
  const rendered = renderWithProviders(
    <MotionSearchDrawer opened onClose={onClose} networkId={NETWORK_ID} cameras={cameras} choosable={choosable} />,
    {
      route: `/n/${NETWORK_ID}/cameras/${cameras[0]?.id ?? 1}`,
      path: '/n/:networkId/cameras/:cameraId',
      preloadedState: { ...signedInState(), preferences: { ...DEFAULT_PREFERENCES, timeMode: 24, ...preferences } },
    },
  );
  return { ...rendered, onClose };
}
