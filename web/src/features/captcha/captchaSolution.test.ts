import { describe, expect, it } from 'vitest';
import { captchaFields, encodeSolution } from './captchaSolution';
import { makeChallenge } from './test/makeChallenge';

describe('captcha solution', () => {
  it('is base64 of the JSON the server checks: algorithm, challenge, number, salt, signature', async () => {
    const challenge = await makeChallenge(42);
    const decoded: unknown = JSON.parse(atob(encodeSolution(challenge, 42)));
    expect(decoded).toStrictEqual({
      algorithm: 'SHA-256',
      challenge: challenge.challenge,
      number: 42,
      salt: challenge.salt,
      signature: challenge.signature,
    });
    expect(Object.keys(decoded as object)).toEqual(['algorithm', 'challenge', 'number', 'salt', 'signature']);
  });

  it('goes with captcha_shown and the provider id in the sign-in fields', async () => {
    const challenge = await makeChallenge(7);
    expect(captchaFields(challenge, 7)).toEqual({
      captcha_shown: true,
      mki_captcha_provider_id: 'argus-pow',
      mki_captcha_provider_response: encodeSolution(challenge, 7),
    });
  });
});
