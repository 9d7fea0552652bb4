import type { LoginAnswer, LoginMode } from '../../api/types';

export type LoginOutcome =
  | { kind: 'signed-in' }
  | { kind: 'captcha'; message: string | null }
  | { kind: 'other-mode'; mode: LoginMode }
  | { kind: 'error'; message: string | null };

function messageOf(answer: LoginAnswer): string | null {
  return answer.error ?? answer.errors?.[0] ?? null;
}

/** What a sign-in answer means: a user, a mode switch, or an error (message null → the generic text). */
export function loginOutcome(answer: LoginAnswer): LoginOutcome {
  const message = messageOf(answer);
  if (answer.success && answer.user) return { kind: 'signed-in' };
  if (answer.mode === 'captcha') return { kind: 'captcha', message };
  if (answer.mode && answer.mode !== 'login') return { kind: 'other-mode', mode: answer.mode };
  return { kind: 'error', message };
}

export type TwoFactorOutcome =
  | { kind: 'signed-in' }
  | { kind: 'captcha'; message: string | null }
  /** Stay in the two-factor step with the message (a wrong code). */
  | { kind: 'retry'; message: string | null }
  /** The challenge is over (expired, too many wrong codes): sign in again from the password, showing the message. */
  | { kind: 'restart'; message: string | null };

/** What an answer of `/login/two_factor/verify` means (message null → the generic text). */
export function twoFactorOutcome(answer: LoginAnswer): TwoFactorOutcome {
  const message = messageOf(answer);
  if (answer.success && answer.user) return { kind: 'signed-in' };
  if (answer.mode === 'captcha') return { kind: 'captcha', message };
  if (!answer.success && (answer.mode === null || answer.mode === undefined || answer.mode === 'login')) {
    return { kind: 'restart', message };
  }
  return { kind: 'retry', message: answer.mode === 'two_factor' ? message : null };
}
