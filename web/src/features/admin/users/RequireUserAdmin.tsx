import type { ReactElement } from 'react';
import { NoUserAccess } from './NoUserAccess';
import { useCanManageUsers } from './useCanManageUsers';

/**
 * The users page for org-write administrators; everyone else is told they need the organization write right
 * (monitor-only administrators already get the insufficient-permissions screen from `NetworkGate`).
 */
export function RequireUserAdmin({ children }: { children: ReactElement }) {
  return useCanManageUsers() ? children : <NoUserAccess />;
}
