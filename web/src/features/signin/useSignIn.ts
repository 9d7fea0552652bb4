import { useState } from 'react';
import { errorMessages, isApiError } from '../../api/apiError';
import type { LoginMode } from '../../api/types';
import { useAppDispatch } from '../../app/hooks';
import { authApi } from '../auth/authApi';
import { initializeApp } from '../auth/startup';
import { loginOutcome, twoFactorOutcome } from './loginOutcome';

export interface SignInValues {
  email: string;
  password: string;
  remember: boolean;
}

/** The sign-in modes this portal handles (spec 01 §2): LOGIN, then TWO_FACTOR for a user with an authenticator. */
export type SignInStep = 'login' | 'two-factor';

export interface SignInState {
  step: SignInStep;
  submitting: boolean;
  /** Server message; '' means the generic unexpected-error text. */
  error: string | null;
  captcha: boolean;
  /** A mode the portal does not offer yet (one-time code, SMS, organization choice). */
  pendingMode: LoginMode | null;
  /** E-mail and remember-me of the last attempt, kept for the form when a two-factor challenge sends the user back. */
  lastValues: SignInValues;
}

const INITIAL_STATE: SignInState = {
  step: 'login',
  submitting: false,
  error: null,
  captcha: false,
  pendingMode: null,
  lastValues: { email: '', password: '', remember: false },
};

/**
 * Sends the LOGIN form and, after a `two_factor` answer, the authenticator or recovery code; on success re-runs the
 * start-up flow for the returned session and resolves true. `returnTo` is the page the user goes back to (its path
 * decides the shard lookup of administrators).
 */
export function useSignIn(returnTo: string) {
  const dispatch = useAppDispatch();
  const [login] = authApi.useLoginMutation();
  const [verifyTwoFactor] = authApi.useVerifyTwoFactorMutation();
  const [state, setState] = useState<SignInState>(INITIAL_STATE);

  const finishSignIn = async () => {
    const url = new URL(returnTo, window.location.origin);
    await dispatch(initializeApp({ pathname: url.pathname, search: url.search }, { afterSignIn: true }));
  };

  const submit = async (values: SignInValues): Promise<boolean> => {
    setState((previous) => ({
      ...previous,
      submitting: true,
      error: null,
      pendingMode: null,
      lastValues: { ...values, password: '' },
    }));
    try {
      const answer = await login({
        email: values.email.trim(),
        password: values.password,
        remember: values.remember ? 1 : 0,
        ...(state.captcha ? { captcha_shown: true } : {}),
      }).unwrap();
      const outcome = loginOutcome(answer);
      if (outcome.kind === 'signed-in') {
        await finishSignIn();
        return true;
      }
      const twoFactor = outcome.kind === 'other-mode' && outcome.mode === 'two_factor';
      setState((previous) => ({
        ...previous,
        submitting: false,
        step: twoFactor ? 'two-factor' : 'login',
        captcha: previous.captcha || outcome.kind === 'captcha',
        pendingMode: outcome.kind === 'other-mode' && !twoFactor ? outcome.mode : null,
        error: outcome.kind === 'error' ? (outcome.message ?? '') : outcome.kind === 'captcha' ? outcome.message : null,
      }));
    } catch (error) {
      const serverMessage = isApiError(error) && error.status >= 400 ? errorMessages(error)[0] : undefined;
      setState((previous) => ({ ...previous, submitting: false, error: serverMessage ?? '' }));
    }
    return false;
  };

  /** Sends the second factor (checked 6 digits or a recovery code); other failures: the generic text (spec 01 §8). */
  const verify = async (code: string): Promise<boolean> => {
    setState((previous) => ({ ...previous, submitting: true, error: null }));
    try {
      const outcome = twoFactorOutcome(await verifyTwoFactor({ code }).unwrap());
      if (outcome.kind === 'signed-in') {
        await finishSignIn();
        return true;
      }
      setState((previous) => ({
        ...previous,
        submitting: false,
        step: outcome.kind === 'restart' ? 'login' : 'two-factor',
        captcha: previous.captcha || outcome.kind === 'captcha',
        error: outcome.kind === 'captcha' ? outcome.message : (outcome.message ?? ''),
      }));
    } catch {
      setState((previous) => ({ ...previous, submitting: false, error: '' }));
    }
    return false;
  };

  /** 'Back to sign-in': the password form again (the server's challenge simply expires). */
  const backToSignIn = () => setState((previous) => ({ ...previous, step: 'login', error: null }));

  return { ...state, submit, verify, backToSignIn };
}
