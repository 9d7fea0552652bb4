import type { CaptchaChallenge } from '../types';

const hex = (buffer: ArrayBuffer) =>
  Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** SHA-256 hex by the runtime's WebCrypto (Node's in Vitest): independent of the portal's own sha256.ts. */
export async function webCryptoSha256Hex(text: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

export interface ChallengeOptions {
  maxnumber?: number;
  expiresAtMs?: number;
  /** Distinguishes challenges of one test. */
  salt?: string;
}

/** A challenge as argusd makes one (services/proof_of_work_captcha.cpp), for the secret `number`. */
export async function makeChallenge(number: number, options: ChallengeOptions = {}): Promise<CaptchaChallenge> {
  const expiresAtMs = options.expiresAtMs ?? Date.now() + 5 * 60_000;
  const salt = options.salt ?? `0123456789abcdef01234567?expires=${Math.floor(expiresAtMs / 1000)}`;
  return {
    provider_id: 'argus-pow',
    algorithm: 'SHA-256',
    challenge: await webCryptoSha256Hex(salt + String(number)),
    maxnumber: options.maxnumber ?? 100_000,
    salt,
    signature: 'f'.repeat(64),
    expires_at_ms: expiresAtMs,
  };
}
