import type { LoginAnswer, LoginMode, Organization } from '../../api/types';

/** The modes whose second step is a 6-digit code the server sent: by e-mail, or by text message. */
export type CodeMode = Extract<LoginMode, 'one_time_password' | 'sms'>;

/** The sign-in modes with a step after the password: a second factor, or the choice of an organization. */
export type SecondStepMode = 'two_factor' | CodeMode | 'org_choose';

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
  /** The user has an authenticator: the two-factor step. */
  | { kind: 'two-factor' }
  | OrgChoice
  | { kind: 'error'; message: string | null };

/**
 * The user belongs to several organizations (sorted by name): choose the one to sign in to (ORG_CHOOSE). The server
 * keeps the pending sign-in in an HttpOnly cookie for 5 minutes.
 */
export interface OrgChoice {
  kind: 'org-choice';
  orgs: Organization[];
}

function messageOf(answer: LoginAnswer): string | null {
  return answer.error ?? answer.errors?.[0] ?? null;
}

export function isCodeMode(mode: LoginMode | null | undefined): mode is CodeMode {
  return mode === 'one_time_password' || mode === 'sms';
}

/** An org_choose answer with its organizations, or null. */
function orgChoiceOf(answer: LoginAnswer): OrgChoice | null {
  if (answer.mode !== 'org_choose' || !answer.orgs?.length) return null;
  return { kind: 'org-choice', orgs: answer.orgs };
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
  if (answer.mode === 'two_factor') return { kind: 'two-factor' };
  return orgChoiceOf(answer) ?? { kind: 'error', message };
}

export type SecondStepOutcome =
  | { kind: 'signed-in' }
  | { kind: 'captcha'; message: string | null }
  /** Stay in the step with the message (a wrong, spent or expired code). */
  | { kind: 'retry'; message: string | null }
  /** The sign-in is over (expired, too many wrong codes): sign in again from the password, showing the message. */
  | { kind: 'restart'; message: string | null }
  /** After a second factor: the user belongs to several organizations and chooses one next. */
  | OrgChoice;

/**
 * What an answer of a step after the password means: `/login/two_factor/verify` (mode `two_factor`),
 * `/login/do_otp_auth` (`one_time_password`), `/login/do_sms_auth` (`sms`) or `/login/org_choose` (`org_choose`: its
 * 400 'Choose one of your organizations.' is a retry). Message null → the generic text.
 */
export function secondStepOutcome(answer: LoginAnswer, step: SecondStepMode): SecondStepOutcome {
  const message = messageOf(answer);
  if (answer.success && answer.user) return { kind: 'signed-in' };
  if (answer.mode === 'captcha') return { kind: 'captcha', message };
  if (signInIsOver(answer)) return { kind: 'restart', message };
  const orgChoice = step === 'org_choose' ? null : orgChoiceOf(answer);
  if (orgChoice) return orgChoice;
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
