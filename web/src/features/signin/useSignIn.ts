import { useState } from 'react';
import { errorMessages, isApiError } from '../../api/apiError';
import type { LoginMode } from '../../api/types';
import { useAppDispatch } from '../../app/hooks';
import { authApi } from '../auth/authApi';
import { initializeApp } from '../auth/startup';
import { loginOutcome } from './loginOutcome';

export interface SignInValues {
  email: string;
  password: string;
  remember: boolean;
}

export interface SignInState {
  submitting: boolean;
  /** Server message; '' means the generic unexpected-error text. */
  error: string | null;
  captcha: boolean;
  pendingMode: LoginMode | null;
}

/**
 * Sends the LOGIN form; on success re-runs the start-up flow for the returned session and resolves true.
 * `returnTo` is the page the user goes back to (its path decides the shard lookup of administrators).
 */
export function useSignIn(returnTo: string) {
  const dispatch = useAppDispatch();
  const [login] = authApi.useLoginMutation();
  const [state, setState] = useState<SignInState>({ submitting: false, error: null, captcha: false, pendingMode: null });

  const submit = async (values: SignInValues): Promise<boolean> => {
    setState((previous) => ({ ...previous, submitting: true, error: null, pendingMode: null }));
    try {
      const answer = await login({
        email: values.email.trim(),
        password: values.password,
        remember: values.remember ? 1 : 0,
        ...(state.captcha ? { captcha_shown: true } : {}),
      }).unwrap();
      const outcome = loginOutcome(answer);
      if (outcome.kind === 'signed-in') {
        const url = new URL(returnTo, window.location.origin);
        await dispatch(initializeApp({ pathname: url.pathname, search: url.search }, { afterSignIn: true }));
        return true;
      }
      setState((previous) => ({
        ...previous,
        submitting: false,
        captcha: previous.captcha || outcome.kind === 'captcha',
        pendingMode: outcome.kind === 'other-mode' ? outcome.mode : null,
        error: outcome.kind === 'error' ? (outcome.message ?? '') : outcome.kind === 'captcha' ? outcome.message : null,
      }));
    } catch (error) {
      const serverMessage = isApiError(error) && error.status >= 400 ? errorMessages(error)[0] : undefined;
      setState((previous) => ({ ...previous, submitting: false, error: serverMessage ?? '' }));
    }
    return false;
  };

  return { ...state, submit };
}
