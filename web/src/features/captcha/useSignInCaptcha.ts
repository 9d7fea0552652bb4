import { useRef, useState } from 'react';
import type { LoginAnswer } from '../../api/types';
import type { CaptchaChallenge, CaptchaFields } from './types';

/** What a sign-in request carries of the captcha: nothing, `captcha_shown` alone, or a solution too. */
export type CaptchaRequestFields = Partial<CaptchaFields>;

/** Spread on `<CaptchaWidget key={widgetKey} {...widget} />`. */
export interface SignInCaptchaWidget {
  challenge: CaptchaChallenge | null;
  onSolved: (fields: CaptchaFields) => void;
  onReset: () => void;
}

/**
 * The captcha of the sign-in form (spec 01 §2, §7). After a captcha-mode answer `shown` is true and the widget shows
 * that answer's challenge. `take()` gives the fields for the next POST /login/login and forgets the solution (it works
 * once); `answered(answer)` after every attempt gives the widget the answer's new challenge, or, when a solution was
 * sent and no challenge came back, a new widget (`widgetKey`) that gets one itself.
 */
export function useSignInCaptcha() {
  const [shown, setShown] = useState(false);
  const [challenge, setChallenge] = useState<CaptchaChallenge | null>(null);
  const [widgetKey, setWidgetKey] = useState(0);
  const solution = useRef<CaptchaFields | null>(null);
  const solutionSent = useRef(false);

  const take = (): CaptchaRequestFields => {
    const fields = solution.current;
    solution.current = null;
    solutionSent.current = fields !== null;
    if (fields) return fields;
    return shown ? { captcha_shown: true } : {};
  };

  /** After a sign-in or two-factor attempt: its answer, or null when none came (a network failure). */
  const answered = (answer: LoginAnswer | null) => {
    if (answer?.mode === 'captcha') setShown(true);
    if (answer?.captcha || solutionSent.current) {
      // A new widget: a solution of the old one that came in meanwhile is not sent.
      solution.current = null;
      setChallenge(answer?.captcha ?? null);
      setWidgetKey((key) => key + 1);
    }
    solutionSent.current = false;
  };

  const widget: SignInCaptchaWidget = {
    challenge,
    onSolved: (fields) => {
      solution.current = fields;
    },
    onReset: () => {
      solution.current = null;
    },
  };

  return { shown, widgetKey, widget, take, answered };
}
