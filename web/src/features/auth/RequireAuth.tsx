import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useCurrentUser } from './hooks';

export interface LoginLocationState {
  /** Path and query to return to after sign-in. */
  from?: string;
}

/** Sends users without a session to /login, remembering where they came from. */
export function RequireAuth() {
  const user = useCurrentUser();
  const location = useLocation();
  if (!user) {
    const state: LoginLocationState = { from: `${location.pathname}${location.search}` };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}
