import { useState } from 'react';
import { errorMessages, isApiError } from '../../api/apiError';
import type { LoginAnswer } from '../../api/types';
import { useAppDispatch } from '../../app/hooks';
import { authApi } from '../auth/authApi';
import { useSignInCaptcha } from '../captcha';
import { initializeApp } from '../auth/startup';
import { loginOutcome, resendOutcome, secondStepOutcome } from './loginOutcome';
import {
  afterLogin,
  afterSecondStep,
  INITIAL_STATE,
  type SignInState,
  type SignInValues,
  type SmsPhone,
} from './signInState';

export type { SignInStep, SignInValues, SmsPhone } from './signInState';

/**
 * Sends the LOGIN form and then the steps the answers ask for (authenticator or recovery code, or the code sent by
 * e-mail or text message, which can be sent again; then the organization, for a user of several); on success re-runs
 * the start-up flow for the returned session and resolves true. `returnTo` is the page the user goes back to (its path
 * decides the shard lookup of administrators); `initialStep` 'sso' opens the page in the SSO form.
 */
export function useSignIn(returnTo: string, initialStep: 'login' | 'sso' = 'login') {
  const dispatch = useAppDispatch();
  const [login] = authApi.useLoginMutation();
  const [verifyTwoFactor] = authApi.useVerifyTwoFactorMutation();
  const [verifyEmailCode] = authApi.useVerifyEmailCodeMutation();
  const [verifySmsCode] = authApi.useVerifySmsCodeMutation();
  const [resendEmailCode] = authApi.useResendEmailCodeMutation();
  const [resendSmsCode] = authApi.useResendSmsCodeMutation();
  const [chooseOrg] = authApi.useChooseOrganizationMutation();
  const [state, setState] = useState<SignInState>(() => ({ ...INITIAL_STATE, step: initialStep }));
  const signInCaptcha = useSignInCaptcha();

  const finishSignIn = async () => {
    const url = new URL(returnTo, window.location.origin);
    await dispatch(initializeApp({ pathname: url.pathname, search: url.search }, { afterSignIn: true }));
  };

  const submit = async (values: SignInValues): Promise<boolean> => {
    setState((previous) => ({ ...previous, submitting: true, error: null, lastValues: { ...values, password: '' } }));
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
      setState((previous) => afterLogin(previous, outcome));
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

  /**
   * ORG_CHOOSE: signs in to the organization `eid` (one of `orgs`). An eid the server refuses keeps the chooser with
   * its message; an expired pending sign-in returns to the password form with it; other failures: the generic text.
   */
  const chooseOrganization = async (eid: string): Promise<boolean> => {
    setState((previous) => ({ ...previous, submitting: true, choosing: eid, error: null }));
    try {
      const outcome = secondStepOutcome(await chooseOrg({ eid }).unwrap(), 'org_choose');
      if (outcome.kind === 'signed-in') {
        await finishSignIn();
        return true;
      }
      setState((previous) => afterSecondStep(previous, outcome));
    } catch {
      setState((previous) => ({ ...previous, submitting: false, choosing: null, error: '' }));
    }
    return false;
  };

  /** 'Back to sign-in': the password form again (the server's pending sign-in simply expires). */
  const backToSignIn = () =>
    setState((previous) => ({ ...previous, step: 'login', challenge: null, orgs: [], resent: false, error: null }));

  /** 'Sign in with SSO': the SSO form (its own state is `useSsoSignIn`'s). */
  const openSso = () => setState((previous) => ({ ...previous, step: 'sso', error: null }));

  return {
    ...state,
    submit,
    verify,
    resend,
    chooseOrganization,
    backToSignIn,
    openSso,
    captchaWidgetKey: signInCaptcha.widgetKey,
    captchaWidget: signInCaptcha.widget,
  };
}
