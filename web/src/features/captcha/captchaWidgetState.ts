import type { CaptchaChallenge } from './types';

/**
 * loading: getting a challenge (none was given, it expired, or Try again) · idle: ready, not started · verifying: the
 * solver runs · verified: solved, the fields went to onSolved · failed: see `problem`.
 */
export type CaptchaStatus = 'loading' | 'idle' | 'verifying' | 'verified' | 'failed';

/** fetch-failed: GET /login/captcha did not answer a challenge · not-solved: the solver found no number or broke. */
export type CaptchaProblem = 'fetch-failed' | 'not-solved';

export interface CaptchaWidgetState {
  challenge: CaptchaChallenge | null;
  status: CaptchaStatus;
  /** Share of the numbers tried while verifying, 0..1. */
  progress: number;
  /** The last check expired: 'Please verify again' shows until the user starts again. */
  expired: boolean;
  problem: CaptchaProblem | null;
}

export type CaptchaAction =
  /** The parent gave a challenge (a new 429 answer) or null (the widget gets one itself). */
  | { type: 'challenge-given'; challenge: CaptchaChallenge | null }
  | { type: 'challenge-fetched'; challenge: CaptchaChallenge }
  | { type: 'fetch-failed' }
  | { type: 'verify' }
  | { type: 'progress'; fraction: number }
  | { type: 'solved' }
  | { type: 'not-solved' }
  /** expires_at_ms passed: a new challenge is needed. */
  | { type: 'expired' }
  | { type: 'retry' };

export function initialCaptchaState(challenge: CaptchaChallenge | null): CaptchaWidgetState {
  return { challenge, status: challenge ? 'idle' : 'loading', progress: 0, expired: false, problem: null };
}

export function captchaReducer(state: CaptchaWidgetState, action: CaptchaAction): CaptchaWidgetState {
  switch (action.type) {
    case 'challenge-given':
      return initialCaptchaState(action.challenge);
    case 'challenge-fetched':
      return state.status === 'loading' ? { ...state, challenge: action.challenge, status: 'idle' } : state;
    case 'fetch-failed':
      return state.status === 'loading' ? { ...state, status: 'failed', problem: 'fetch-failed' } : state;
    case 'verify':
      return state.status === 'idle' ? { ...state, status: 'verifying', progress: 0, expired: false } : state;
    case 'progress':
      return state.status === 'verifying' ? { ...state, progress: action.fraction } : state;
    case 'solved':
      return state.status === 'verifying' ? { ...state, status: 'verified', progress: 1 } : state;
    case 'not-solved':
      return state.status === 'verifying' ? { ...state, status: 'failed', problem: 'not-solved' } : state;
    case 'expired':
      return state.status === 'idle' || state.status === 'verifying' || state.status === 'verified'
        ? { challenge: null, status: 'loading', progress: 0, expired: true, problem: null }
        : state;
    case 'retry':
      return state.status === 'failed'
        ? { ...state, challenge: null, status: 'loading', progress: 0, problem: null }
        : state;
  }
}
