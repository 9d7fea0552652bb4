import { useState } from 'react';
import { errorMessages, isApiError } from '../../api/apiError';
import type { LoginAnswer, LoginMode } from '../../api/types';
import { useAppDispatch } from '../../app/hooks';
import { authApi } from '../auth/authApi';
import { useSignInCaptcha } from '../captcha';
import { initializeApp } from '../auth/startup';
import {
  type CodeChallenge,
  loginOutcome,
  resendOutcome,
  type SecondStepOutcome,
  secondStepOutcome,
} from './loginOutcome';

export interface SignInValues {
  email: string;
  password: string;
  remember: boolean;
}

/**
 * The sign-in modes this portal handles (spec 01 §2): LOGIN, then TWO_FACTOR for a user with an authenticator, or
 * 'code' (ONE_TIME_PASSWORD and SMS: a 6-digit code the server sent by e-mail or text message).
 */
export type SignInStep = 'login' | 'two-factor' | 'code';

/** Which phone a new text-message code goes to. */
export type SmsPhone = 'primary' | 'secondary';

export interface SignInState {
  step: SignInStep;
  submitting: boolean;
  /** A new code is being asked for (code step). */
  resending: boolean;
  /** Server message; '' means the generic unexpected-error text. */
  error: string | null;
  captcha: boolean;
  /** A mode the portal does not offer yet (organization choice). */
  pendingMode: LoginMode | null;
  /** The code step's challenge (how and where the code went); null in the other steps. */
  challenge: CodeChallenge | null;
  /** 'Send a new code' succeeded (the code step's confirmation names `challenge.destination`). */
  resent: boolean;
  /** E-mail and remember-me of the last attempt, kept for the form when a second step sends the user back. */
  lastValues: SignInValues;
}

const INITIAL_STATE: SignInState = {
  step: 'login',
  submitting: false,
  resending: false,
  error: null,
  captcha: false,
  pendingMode: null,
  challenge: null,
  resent: false,
  lastValues: { email: '', password: '', remember: false },
};

/** The state after a second step's answer that did not sign in. */
function afterSecondStep(state: SignInState, outcome: Exclude<SecondStepOutcome, { kind: 'signed-in' }>): SignInState {
  const restart = outcome.kind === 'restart';
  return {
    ...state,
    submitting: false,
    step: restart ? 'login' : state.step,
    challenge: restart ? null : state.challenge,
    captcha: state.captcha || outcome.kind === 'captcha',
    error: outcome.kind === 'captcha' ? outcome.message : (outcome.message ?? ''),
  };
}

/**
 * Sends the LOGIN form and then the second step the answer asks for (authenticator or recovery code, or the code sent
 * by e-mail or text message, which can be sent again); on success re-runs the start-up flow for the returned session
 * and resolves true. `returnTo` is the page the user goes back to (its path decides the shard lookup of
 * administrators).
 */
export function useSignIn(returnTo: string) {
  const dispatch = useAppDispatch();
  const [login] = authApi.useLoginMutation();
  const [verifyTwoFactor] = authApi.useVerifyTwoFactorMutation();
  const [verifyEmailCode] = authApi.useVerifyEmailCodeMutation();
  const [verifySmsCode] = authApi.useVerifySmsCodeMutation();
  const [resendEmailCode] = authApi.useResendEmailCodeMutation();
  const [resendSmsCode] = authApi.useResendSmsCodeMutation();
  const [state, setState] = useState<SignInState>(INITIAL_STATE);
  const signInCaptcha = useSignInCaptcha();

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
        ...signInCaptcha.take(),
      }).unwrap();
      signInCaptcha.answered(answer);
      const outcome = loginOutcome(answer);
      if (outcome.kind === 'signed-in') {
        await finishSignIn();
        return true;
      }
      const twoFactor = outcome.kind === 'other-mode' && outcome.mode === 'two_factor';
      setState((previous) => ({
        ...previous,
        submitting: false,
        step: twoFactor ? 'two-factor' : outcome.kind === 'code' ? 'code' : 'login',
        challenge: outcome.kind === 'code' ? outcome.challenge : null,
        resent: false,
        captcha: previous.captcha || outcome.kind === 'captcha',
        pendingMode: outcome.kind === 'other-mode' && !twoFactor ? outcome.mode : null,
        error: outcome.kind === 'error' ? (outcome.message ?? '') : outcome.kind === 'captcha' ? outcome.message : null,
      }));
    } catch (error) {
      signInCaptcha.answered(null);
      const serverMessage = isApiError(error) && error.status >= 400 ? errorMessages(error)[0] : undefined;
      setState((previous) => ({ ...previous, submitting: false, error: serverMessage ?? '' }));
    }
    return false;
  };

  /**
   * Sends the second step's code: the authenticator's (6 digits or a recovery code) or the one sent by e-mail or text
   * message (6 digits), checked before. Other failures: the generic text (spec 01 §8).
   */
  const verify = async (code: string): Promise<boolean> => {
    const mode = state.step === 'code' && state.challenge ? state.challenge.mode : 'two_factor';
    setState((previous) => ({ ...previous, submitting: true, error: null, resent: false }));
    try {
      let answer: LoginAnswer;
      if (mode === 'two_factor') answer = await verifyTwoFactor({ code }).unwrap();
      else if (mode === 'sms') answer = await verifySmsCode({ code }).unwrap();
      else answer = await verifyEmailCode({ code }).unwrap();
      signInCaptcha.answered(answer);
      const outcome = secondStepOutcome(answer, mode);
      if (outcome.kind === 'signed-in') {
        await finishSignIn();
        return true;
      }
      setState((previous) => afterSecondStep(previous, outcome));
    } catch {
      setState((previous) => ({ ...previous, submitting: false, error: '' }));
    }
    return false;
  };

  /**
   * 'Send a new code' in the code step (by e-mail, or by text message to `phone`); resolves true when it was sent. A
   * refusal shows the server's message ('Please wait {n} seconds…', a missing secondary phone, a sender that is down).
   */
  const resend = async (phone: SmsPhone = 'primary'): Promise<boolean> => {
    const mode = state.challenge?.mode;
    if (!mode) return false;
    setState((previous) => ({ ...previous, resending: true, error: null, resent: false }));
    try {
      const answer =
        mode === 'sms'
          ? await resendSmsCode({ retry: phone }).unwrap()
          : await resendEmailCode({ retry: 'email' }).unwrap();
      const outcome = resendOutcome(answer, mode);
      setState((previous) => {
        const next = { ...previous, resending: false };
        if (outcome.kind === 'sent') {
          const challenge = previous.challenge && { ...previous.challenge, destination: outcome.destination };
          return { ...next, challenge, resent: true };
        }
        if (outcome.kind === 'restart') {
          return { ...next, step: 'login', challenge: null, error: outcome.message ?? '' };
        }
        return { ...next, error: outcome.message ?? '' };
      });
      return outcome.kind === 'sent';
    } catch (error) {
      // 400 names what is wrong ('No secondary phone number is set for this account.').
      const serverMessage = isApiError(error) && error.status === 400 ? errorMessages(error)[0] : undefined;
      setState((previous) => ({ ...previous, resending: false, error: serverMessage ?? '' }));
      return false;
    }
  };

  /** 'Back to sign-in': the password form again (the server's challenge simply expires). */
  const backToSignIn = () =>
    setState((previous) => ({ ...previous, step: 'login', challenge: null, resent: false, error: null }));

  return {
    ...state,
    submit,
    verify,
    resend,
    backToSignIn,
    captchaWidgetKey: signInCaptcha.widgetKey,
    captchaWidget: signInCaptcha.widget,
  };
}
