import { vi } from 'vitest';
import type { Camera, User } from '../../../api/types';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { NETWORK_ID } from '../../cameras/test/fixtures';
import { cameraAccessOf } from '../cameraDoors';
import { AccessControlDrawer } from '../components/AccessControlDrawer';
import type { AccessControlIntegration, DoorCameraMapping } from '../types';
import { accessState, frontDoor, lobby, makeIntegration } from './accessFixtures';

/** The drawer, open, on the camera page of `camera` (network 5, Los Angeles time, 12-hour clock). */
export function renderDrawer({
  camera = lobby,
  integrations = [makeIntegration()],
  mappings = [frontDoor],
  user,
}: { camera?: Camera; integrations?: AccessControlIntegration[]; mappings?: DoorCameraMapping[]; user?: User } = {}) {
  const access = cameraAccessOf(integrations, mappings);
  if (!access) throw new Error('no door for the drawer');
  const onClose = vi.fn();
  const rendered = renderWithProviders(
    <AccessControlDrawer opened onClose={onClose} camera={camera} access={access} />,
    {
      route: `/n/${NETWORK_ID}/cameras/${camera.id}`,
      path: '/n/:networkId/cameras/:cameraId',
      preloadedState: accessState(user),
    },
  );
  return { ...rendered, onClose };
}
