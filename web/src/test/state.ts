import type { NetworkPermissions, User } from '../api/types';
import { initialAppState } from '../app/appSlice';
import type { RootState } from '../app/store';
import { initialAuthState } from '../features/auth/authSlice';
import { adminUser, env, networks, nfos } from './fixtures';

/** A started portal with a signed-in user (an administrator by default). */
export function signedInState(
  user: User = adminUser,
  permissions: Record<string, NetworkPermissions> = {},
): Partial<RootState> {
  return {
    app: { ...initialAppState, status: 'ready', env, csrfToken: 'csrf-1' },
    auth: { ...initialAuthState, user, networks, nfos, permissions },
  };
}

/** A started portal without a session. */
export function signedOutState(): Partial<RootState> {
  return { app: { ...initialAppState, status: 'ready', csrfToken: 'csrf-1' }, auth: initialAuthState };
}
