import type { ReactElement } from 'react';
import { useCurrentNetworkId } from '../auth/hooks';
import { NotFoundPage } from '../shell/NotFoundPage';
import { useCanManageCameras } from './useCanManageCameras';

/**
 * Like the exports and events gates: the not-found page for users who may not manage the network's cameras
 * (monitor-only administrators already get the insufficient-permissions screen from `NetworkGate`).
 */
export function RequireCameraAdmin({ children }: { children: ReactElement }) {
  return useCanManageCameras(useCurrentNetworkId()) ? children : <NotFoundPage />;
}
