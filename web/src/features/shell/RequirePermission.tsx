import type { ReactElement } from 'react';
import { useCurrentNetworkId, useNetworkPermissions } from '../auth/hooks';
import { NotFoundPage } from './NotFoundPage';

/** Shows the not-found page when the current network lacks the permission. */
export function RequirePermission({ flag, children }: { flag: 'export' | 'events'; children: ReactElement }) {
  const permissions = useNetworkPermissions(useCurrentNetworkId());
  return permissions?.[flag] ? children : <NotFoundPage />;
}
