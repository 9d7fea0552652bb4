/** Which second factor a code field takes: the authenticator app's current code or a saved recovery code. */
export type SecondFactorKind = 'authenticator' | 'recovery';

/** Why a code cannot be sent (spec 01 §5: a code is required; the authenticator code has 6 digits). */
export type SecondFactorCodeProblem = 'required' | 'authenticator-format' | 'recovery-format';

export type CheckedSecondFactorCode = { ok: true; code: string } | { ok: false; problem: SecondFactorCodeProblem };

export const AUTHENTICATOR_CODE_DIGITS = 6;
const RECOVERY_HALF_LENGTH = 5;

/** What the authenticator field keeps of a typed or pasted value: no spaces or dashes ('123 456' → '123456'). */
export function cleanAuthenticatorInput(raw: string): string {
  return raw.replace(/[\s-]/g, '');
}

/**
 * The code to send, or why not: 6 digits for the authenticator; for a recovery code ten letters or digits, in any case,
 * with or without the dash and spaces, sent as `abcde-fghij` (the server ignores case, dashes and spaces too).
 */
export function checkSecondFactorCode(kind: SecondFactorKind, raw: string): CheckedSecondFactorCode {
  const compact = raw.replace(/[\s-]/g, '');
  if (compact.length === 0) return { ok: false, problem: 'required' };
  if (kind === 'authenticator') {
    return new RegExp(`^\\d{${AUTHENTICATOR_CODE_DIGITS}}$`).test(compact)
      ? { ok: true, code: compact }
      : { ok: false, problem: 'authenticator-format' };
  }
  const lower = compact.toLowerCase();
  if (!new RegExp(`^[a-z0-9]{${2 * RECOVERY_HALF_LENGTH}}$`).test(lower)) {
    return { ok: false, problem: 'recovery-format' };
  }
  return { ok: true, code: `${lower.slice(0, RECOVERY_HALF_LENGTH)}-${lower.slice(RECOVERY_HALF_LENGTH)}` };
}

/** The authenticator setup key as people copy it by hand: blocks of 4 characters ('JBSW Y3DP EHPK …'). */
export function groupSecret(secret: string): string {
  return (secret.match(/.{1,4}/g) ?? []).join(' ');
}

/**
 * The server's QR code (an SVG document) as an image address: shown through `<img>`, the SVG's markup never enters
 * the page's DOM and none of its scripts could run.
 */
export function svgImageUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
