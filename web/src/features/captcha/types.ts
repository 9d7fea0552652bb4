import type { components } from '../../api/schema.gen';

/** A proof-of-work challenge: from a 429 mode captcha answer (`LoginAnswer.captcha`) or `GET /login/captcha`. */
export type CaptchaChallenge = components['schemas']['CaptchaChallenge'];

/** What the solver needs of a challenge. */
export type PowPuzzle = Pick<CaptchaChallenge, 'challenge' | 'salt' | 'maxnumber'>;

/** The sign-in fields of a solved challenge (spec 01 §7 POST /login/login); a solution works once. */
export interface CaptchaFields {
  captcha_shown: true;
  mki_captcha_provider_id: string;
  mki_captcha_provider_response: string;
}
