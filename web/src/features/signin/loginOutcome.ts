import type { LoginAnswer, LoginMode } from '../../api/types';

/** The modes whose second step is a 6-digit code the server sent: by e-mail, or by text message. */
export type CodeMode = Extract<LoginMode, 'one_time_password' | 'sms'>;

/** The sign-in modes with a second step after the password. */
export type SecondStepMode = 'two_factor' | CodeMode;

/** A code step in progress: how the code was sent and where to (masked; null when the server did not say). */
export interface CodeChallenge {
  mode: CodeMode;
  destination: string | null;
  /** SMS only: a new code can go to the account's secondary phone instead. */
  hasSecondaryPhone: boolean;
}

export type LoginOutcome =
  | { kind: 'signed-in' }
  | { kind: 'captcha'; message: string | null }
  /** A code was sent by e-mail or text message: the code step. */
  | { kind: 'code'; challenge: CodeChallenge }
  | { kind: 'other-mode'; mode: LoginMode }
  | { kind: 'error'; message: string | null };

function messageOf(answer: LoginAnswer): string | null {
  return answer.error ?? answer.errors?.[0] ?? null;
}

export function isCodeMode(mode: LoginMode | null | undefined): mode is CodeMode {
  return mode === 'one_time_password' || mode === 'sms';
}

/** Mode null (or login) on a failed answer: the sign-in in progress is over and starts again from the password. */
function signInIsOver(answer: LoginAnswer): boolean {
  return !answer.success && (answer.mode === null || answer.mode === undefined || answer.mode === 'login');
}

/** What a sign-in answer means: a user, a mode switch, or an error (message null → the generic text). */
export function loginOutcome(answer: LoginAnswer): LoginOutcome {
  const message = messageOf(answer);
  if (answer.success && answer.user) return { kind: 'signed-in' };
  if (answer.mode === 'captcha') return { kind: 'captcha', message };
  if (isCodeMode(answer.mode)) {
    const challenge: CodeChallenge = {
      mode: answer.mode,
      destination: answer.code_destination || null,
      hasSecondaryPhone: answer.mode === 'sms' && answer.has_secondary_phone === true,
    };
    return { kind: 'code', challenge };
  }
  if (answer.mode && answer.mode !== 'login') return { kind: 'other-mode', mode: answer.mode };
  return { kind: 'error', message };
}

export type SecondStepOutcome =
  | { kind: 'signed-in' }
  | { kind: 'captcha'; message: string | null }
  /** Stay in the step with the message (a wrong, spent or expired code). */
  | { kind: 'retry'; message: string | null }
  /** The sign-in is over (expired, too many wrong codes): sign in again from the password, showing the message. */
  | { kind: 'restart'; message: string | null };

/**
 * What an answer of a second step means: `/login/two_factor/verify` (mode `two_factor`), `/login/do_otp_auth`
 * (`one_time_password`) or `/login/do_sms_auth` (`sms`). Message null → the generic text.
 */
export function secondStepOutcome(answer: LoginAnswer, step: SecondStepMode): SecondStepOutcome {
  const message = messageOf(answer);
  if (answer.success && answer.user) return { kind: 'signed-in' };
  if (answer.mode === 'captcha') return { kind: 'captcha', message };
  if (signInIsOver(answer)) return { kind: 'restart', message };
  return { kind: 'retry', message: answer.mode === step ? message : null };
}

export type ResendOutcome =
  /** A new code went out (to `destination`, masked; null when the server did not say). */
  | { kind: 'sent'; destination: string | null }
  /** Not sent, the code step goes on: 'Please wait {n} seconds…', the sender is down (null → the generic text). */
  | { kind: 'refused'; message: string | null }
  /** The sign-in is over (expired, too many codes sent): sign in again from the password, showing the message. */
  | { kind: 'restart'; message: string | null };

/** What an answer of `/login/otp_auth_retry` or `/login/sms_auth_retry` means for the code step of `step`. */
export function resendOutcome(answer: LoginAnswer, step: CodeMode): ResendOutcome {
  const message = messageOf(answer);
  if (signInIsOver(answer)) return { kind: 'restart', message };
  if (answer.mode !== step) return { kind: 'refused', message: null };
  if (message !== null) return { kind: 'refused', message };
  return { kind: 'sent', destination: answer.code_destination || null };
}
