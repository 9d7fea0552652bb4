import { browser } from '../../app/browser';
import type { AppDispatch } from '../../app/store';
import { authApi } from '../auth/authApi';

export const SESSION_TIMEOUT_LOGIN_PATH = '/login?sessionTimeout=true';

/** Sign out: single-logout address when the server gives one, else reload; a failed call still goes to /login. */
export function signOut() {
  return async (dispatch: AppDispatch): Promise<void> => {
    try {
      const answer = await dispatch(authApi.endpoints.logout.initiate()).unwrap();
      if (answer.slo_logout_url) browser.assign(answer.slo_logout_url);
      else browser.reload();
    } catch {
      browser.assign('/login');
    }
  };
}

/** Log off after inactivity (or a failed refresh) and show the session-timeout notice. */
export function logOffAfterTimeout() {
  return async (dispatch: AppDispatch): Promise<void> => {
    try {
      await dispatch(authApi.endpoints.logout.initiate()).unwrap();
    } catch {
      // The session is gone either way.
    }
    browser.assign(SESSION_TIMEOUT_LOGIN_PATH);
  };
}
