import type { LoginAnswer, LoginMode } from '../../api/types';

export type LoginOutcome =
  | { kind: 'signed-in' }
  | { kind: 'captcha'; message: string | null }
  | { kind: 'other-mode'; mode: LoginMode }
  | { kind: 'error'; message: string | null };

/** What a sign-in answer means: a user, a mode switch, or an error (message null → the generic text). */
export function loginOutcome(answer: LoginAnswer): LoginOutcome {
  const message = answer.error ?? answer.errors?.[0] ?? null;
  if (answer.success && answer.user) return { kind: 'signed-in' };
  if (answer.mode === 'captcha') return { kind: 'captcha', message };
  if (answer.mode && answer.mode !== 'login') return { kind: 'other-mode', mode: answer.mode };
  return { kind: 'error', message };
}
