import { useCurrentUser } from '../../auth/hooks';

/** User management is for the organization's write administrators (`is_admin` and `is_org_write_admin`). */
export function useCanManageUsers(): boolean {
  const user = useCurrentUser();
  return Boolean(user?.is_admin && user.is_org_write_admin);
}
