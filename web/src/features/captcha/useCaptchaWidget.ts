import { useEffect, useReducer, useRef, useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { fetchCaptchaChallenge } from './captchaApi';
import { captchaFields } from './captchaSolution';
import { captchaReducer, initialCaptchaState } from './captchaWidgetState';
import type { PowSolver } from './powSolver';
import type { CaptchaChallenge, CaptchaFields } from './types';

/** setTimeout's longest delay; a longer one would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface CaptchaCallbacks {
  onSolved: (fields: CaptchaFields) => void;
  onReset: () => void;
}

/**
 * The widget's state and its three effects: get a challenge while loading, run the solver while verifying, and
 * expire the challenge at its expires_at_ms (then onReset, and a new challenge).
 */
export function useCaptchaWidget(given: CaptchaChallenge | null, solver: PowSolver, callbacks: CaptchaCallbacks) {
  const appDispatch = useAppDispatch();
  const [state, dispatch] = useReducer(captchaReducer, given, initialCaptchaState);
  const latest = useRef(callbacks);
  useEffect(() => {
    latest.current = callbacks;
  });

  // A new challenge from the parent (a new 429 answer) starts over.
  const [lastGiven, setLastGiven] = useState(given);
  if (lastGiven !== given) {
    setLastGiven(given);
    dispatch({ type: 'challenge-given', challenge: given });
  }

  const { status, challenge } = state;

  useEffect(() => {
    if (status !== 'loading') return;
    let current = true;
    fetchCaptchaChallenge(appDispatch).then(
      (fetched) => current && dispatch({ type: 'challenge-fetched', challenge: fetched }),
      () => current && dispatch({ type: 'fetch-failed' }),
    );
    return () => {
      current = false;
    };
  }, [status, appDispatch]);

  useEffect(() => {
    if (status !== 'verifying' || !challenge) return;
    let current = true;
    const search = solver.solve(challenge, (fraction) => current && dispatch({ type: 'progress', fraction }));
    search.result.then(
      (number) => {
        if (!current) return;
        if (number === null) {
          dispatch({ type: 'not-solved' });
          return;
        }
        dispatch({ type: 'solved' });
        latest.current.onSolved(captchaFields(challenge, number));
      },
      () => current && dispatch({ type: 'not-solved' }),
    );
    return () => {
      current = false;
      search.cancel();
    };
  }, [status, challenge, solver]);

  useEffect(() => {
    if (!challenge) return;
    const delayMs = challenge.expires_at_ms - Date.now();
    // Expired on arrival means this device's clock is ahead of the server's: renewing would only repeat that, so the
    // server judges the solution.
    if (delayMs <= 0) return;
    const timer = setTimeout(() => {
      dispatch({ type: 'expired' });
      latest.current.onReset();
    }, Math.min(delayMs, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [challenge]);

  return {
    state,
    verify: () => dispatch({ type: 'verify' }),
    retry: () => dispatch({ type: 'retry' }),
  };
}
