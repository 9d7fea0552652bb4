import { useState } from 'react';
import { browser } from '../../app/browser';
import { authApi } from '../auth/authApi';
import { type SsoOutcome, type SsoProblem, ssoOutcome } from './ssoOutcome';

/** localStorage: the last SSO identifier the server accepted, the field's first value next time. */
export const SSO_IDENTIFIER_KEY = 'argus.ssoIdentifier';

/** The remembered SSO identifier, or '' when none or storage is inaccessible. */
export function readSsoIdentifier(): string {
  try {
    return window.localStorage.getItem(SSO_IDENTIFIER_KEY) ?? '';
  } catch {
    return '';
  }
}

function writeSsoIdentifier(identifier: string): void {
  try {
    window.localStorage.setItem(SSO_IDENTIFIER_KEY, identifier);
  } catch (error) {
    console.warn('Unable to access Local Storage', error);
  }
}

interface SsoState {
  /** The call runs, or the browser is leaving for the identity provider. */
  starting: boolean;
  problem: SsoProblem | null;
}

/**
 * SSO mode: `GET /login/sso` with the identifier, then a full-page navigation to the identity provider's address
 * (the form stays busy while the browser leaves). `returnTo` is the in-portal path to come back to after sign-in
 * (null: the default, /n); `initialProblem` the one the server sent the browser back with (`?sso_error=`);
 * `startsAtOnce`: the page starts single sign-on on arrival (`?sso=true&ssoid=…`), the form is busy from the start.
 */
export function useSsoSignIn(returnTo: string | null, initialProblem: SsoProblem | null, startsAtOnce = false) {
  const [startSso] = authApi.useStartSsoMutation();
  const [state, setState] = useState<SsoState>({ starting: startsAtOnce, problem: initialProblem });

  /** Starts single sign-on with a checked identifier (trimmed, not empty). */
  const start = async (identifier: string) => {
    setState({ starting: true, problem: null });
    let outcome: SsoOutcome;
    try {
      outcome = ssoOutcome(await startSso({ id: identifier, returnTo: returnTo ?? undefined }).unwrap());
    } catch {
      outcome = { kind: 'error', problem: { kind: 'unexpected' } };
    }
    if (outcome.kind === 'redirect') {
      writeSsoIdentifier(identifier);
      browser.assign(outcome.url);
      return;
    }
    setState({ starting: false, problem: outcome.problem });
  };

  /** Leaving the SSO form: its problem is not shown again. */
  const reset = () => setState({ starting: false, problem: null });

  return { ...state, start, reset };
}
