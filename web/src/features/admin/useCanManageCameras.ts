import { useCurrentUser, useNetworkPermissions } from '../auth/hooks';
import { isMonitorOnlyAdmin } from '../auth/permissions';

/**
 * Camera management is for administrators (`is_admin`) with the write right on the network; monitor-only
 * administrators never, and nobody while an administrator's network context is still loading.
 */
export function useCanManageCameras(networkId: number | undefined): boolean {
  const user = useCurrentUser();
  const permissions = useNetworkPermissions(networkId);
  if (networkId === undefined || !user?.is_admin || !permissions) return false;
  if (permissions.is_monitor_only_admin || isMonitorOnlyAdmin(user, networkId)) return false;
  return permissions.write;
}
