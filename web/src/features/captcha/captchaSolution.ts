import type { CaptchaChallenge, CaptchaFields } from './types';

/** Base64 of the UTF-8 bytes of `text` (`btoa` alone takes Latin-1 only). */
function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * `mki_captcha_provider_response` for the number that solves `challenge`: base64 of the JSON
 * `{algorithm, challenge, number, salt, signature}` the server checks (services/proof_of_work_captcha.hpp).
 */
export function encodeSolution(challenge: CaptchaChallenge, number: number): string {
  const { algorithm, salt, signature } = challenge;
  return base64Utf8(JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature }));
}

/** The three sign-in fields that carry a solved challenge. */
export function captchaFields(challenge: CaptchaChallenge, number: number): CaptchaFields {
  return {
    captcha_shown: true,
    mki_captcha_provider_id: challenge.provider_id,
    mki_captcha_provider_response: encodeSolution(challenge, number),
  };
}
