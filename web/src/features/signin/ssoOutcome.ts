import type { SsoAnswer } from '../auth/authApi';

/** What the SSO form shows above the identifier field: one of its own texts, or the server's words. */
export type SsoProblem =
  /** An unknown identifier (404), or an identity provider's sign-in that failed otherwise (spec 01 §8 sso-error). */
  | { kind: 'failed' }
  /** Back from the identity provider: its answer was not valid. */
  | { kind: 'invalid' }
  /** Back from the identity provider: the sign-in took too long or was already used. */
  | { kind: 'expired' }
  /** Back from the identity provider: the account it named is not an active member of the organization. */
  | { kind: 'not-member' }
  /** No answer, an answer that is not JSON or that says nothing: the generic text. */
  | { kind: 'unexpected' }
  | { kind: 'message'; message: string };

export type SsoOutcome = { kind: 'redirect'; url: string } | { kind: 'error'; problem: SsoProblem };

/** An absolute http(s) address, or null (nothing else is worth leaving the portal for). */
function webAddress(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * What `GET /login/sso`'s answer means: the identity provider's address to send the browser to (200), the sso-error
 * text for an unknown identifier (404), the server's message for the other refusals (400 no identifier, 503 not
 * available), or the generic text.
 */
export function ssoOutcome(answer: SsoAnswer): SsoOutcome {
  const url = webAddress(answer.sp_saml_idp_auth_request?.saml_request_url);
  if (answer.status === 200 && url) return { kind: 'redirect', url };
  if (answer.status === 404) return { kind: 'error', problem: { kind: 'failed' } };
  const message = answer.status >= 400 ? answer.errors?.find((text) => text.trim()) : undefined;
  return { kind: 'error', problem: message ? { kind: 'message', message } : { kind: 'unexpected' } };
}

/**
 * The problem of `/login?sso_error={reason}`, where the server sends the browser back when the identity provider's
 * sign-in did not succeed: `invalid`, `expired`, `not_member`; `unavailable` and any other reason: the sso-error text.
 */
export function ssoReturnProblem(reason: string): SsoProblem {
  switch (reason) {
    case 'invalid':
      return { kind: 'invalid' };
    case 'expired':
      return { kind: 'expired' };
    case 'not_member':
      return { kind: 'not-member' };
    default:
      return { kind: 'failed' };
  }
}
