import type { Organization } from '../../api/types';
import type { CodeChallenge, LoginOutcome, SecondStepOutcome } from './loginOutcome';

export interface SignInValues {
  email: string;
  password: string;
  remember: boolean;
}

/**
 * The sign-in modes this portal handles (spec 01 §2): LOGIN, then TWO_FACTOR for a user with an authenticator, or
 * 'code' (ONE_TIME_PASSWORD and SMS: a 6-digit code the server sent by e-mail or text message), then ORG_CHOOSE
 * ('org-choice') for a user who belongs to several organizations; or SSO ('sso'), which leaves for the organization's
 * identity provider.
 */
export type SignInStep = 'login' | 'two-factor' | 'code' | 'org-choice' | 'sso';

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
  /** The code step's challenge (how and where the code went); null in the other steps. */
  challenge: CodeChallenge | null;
  /** 'Send a new code' succeeded (the code step's confirmation names `challenge.destination`). */
  resent: boolean;
  /** The organizations to choose from (ORG_CHOOSE), sorted by name; empty in the other steps. */
  orgs: Organization[];
  /** The eid of the organization being signed in to while its call runs; null otherwise. */
  choosing: string | null;
  /** E-mail and remember-me of the last attempt, kept for the form when a later step sends the user back. */
  lastValues: SignInValues;
}

export const INITIAL_STATE: SignInState = {
  step: 'login',
  submitting: false,
  resending: false,
  error: null,
  captcha: false,
  challenge: null,
  resent: false,
  orgs: [],
  choosing: null,
  lastValues: { email: '', password: '', remember: false },
};

/** The state after the password's answer that did not sign in. */
export function afterLogin(state: SignInState, outcome: Exclude<LoginOutcome, { kind: 'signed-in' }>): SignInState {
  const next: SignInState = {
    ...state,
    submitting: false,
    step: 'login',
    challenge: null,
    orgs: [],
    resent: false,
    error: null,
  };
  switch (outcome.kind) {
    case 'code':
      return { ...next, step: 'code', challenge: outcome.challenge };
    case 'two-factor':
      return { ...next, step: 'two-factor' };
    case 'org-choice':
      return { ...next, step: 'org-choice', orgs: outcome.orgs };
    case 'captcha':
      return { ...next, captcha: true, error: outcome.message };
    case 'error':
      return { ...next, error: outcome.message ?? '' };
  }
}

/** The state after the answer of a step after the password (a second factor, the organization) that did not sign in. */
export function afterSecondStep(
  state: SignInState,
  outcome: Exclude<SecondStepOutcome, { kind: 'signed-in' }>,
): SignInState {
  const next: SignInState = { ...state, submitting: false, choosing: null };
  switch (outcome.kind) {
    case 'org-choice':
      return { ...next, step: 'org-choice', orgs: outcome.orgs, challenge: null, resent: false, error: null };
    case 'restart':
      return { ...next, step: 'login', challenge: null, orgs: [], error: outcome.message ?? '' };
    case 'captcha':
      return { ...next, captcha: true, error: outcome.message };
    case 'retry':
      return { ...next, error: outcome.message ?? '' };
  }
}
