/** The one error type of every API call (spec 01 §7, §8). */
export interface ApiError {
  /** HTTP status; 0 when the request never got an answer. */
  status: number;
  messages: string[];
  /** The answer was in login mode: no user in session. */
  loginRequired: boolean;
  /** The answer said the user's password expired. */
  passwordExpired: boolean;
}

export const INVALID_RESPONSE_TEXT = 'Invalid response type received';
export const LOGIN_REQUIRED_TEXT = 'No user in session. Login required.';
export const MISSING_CSRF_TEXT = 'Unable to retrieve token. Please try again.';
export const NETWORK_FAILURE_TEXT = 'Network request failed';
export const PASSWORD_EXPIRED_TEXTS: readonly string[] = ['User password expired', 'Please change your password.'];

export function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'status' in value &&
    'messages' in value &&
    Array.isArray((value as { messages: unknown }).messages)
  );
}

/** Messages of anything thrown by an API call or by `unwrap()`. */
export function errorMessages(error: unknown): string[] {
  if (isApiError(error)) return error.messages;
  if (error instanceof Error) return [error.message];
  return [String(error)];
}

/**
 * The server's own words for a failed call ('Incorrect code. Please try again.', 'Your current password is not
 * correct.'), or null when it gave none (no answer, an answer that is not JSON, a bare HTTP status): the caller then
 * shows its generic text.
 */
export function serverMessage(error: unknown): string | null {
  if (!isApiError(error) || error.status < 400) return null;
  const given = error.messages.filter((message) => message !== INVALID_RESPONSE_TEXT && !/^HTTP \d+$/.test(message));
  return given.length > 0 ? given.join(' ') : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function makeError(status: number, messages: string[], loginRequired = false): ApiError {
  return {
    status,
    messages,
    loginRequired,
    passwordExpired: messages.some((message) => PASSWORD_EXPIRED_TEXTS.includes(message.trim())),
  };
}

export type ParsedAnswer = { ok: true; data: unknown } | { ok: false; error: ApiError };

/**
 * Interprets an answer's status and body text:
 * non-JSON → 'Invalid response type received' (or password expired when the text says so);
 * `{mode: "login"}` → login required; an `errors` field or an HTTP failure → its messages.
 */
export function parseAnswer(status: number, text: string, expectText: boolean): ParsedAnswer {
  const ok = status >= 200 && status < 300;
  let body: unknown;
  try {
    body = text.length === 0 ? null : JSON.parse(text);
  } catch {
    const trimmed = text.trim();
    if (PASSWORD_EXPIRED_TEXTS.includes(trimmed)) return { ok: false, error: makeError(status, [trimmed]) };
    if (expectText && ok) return { ok: true, data: text };
    return { ok: false, error: makeError(status, [INVALID_RESPONSE_TEXT]) };
  }
  if (isRecord(body) && body.mode === 'login') {
    return { ok: false, error: makeError(status, [LOGIN_REQUIRED_TEXT], true) };
  }
  if (isRecord(body) && Array.isArray(body.errors)) {
    const messages = body.errors.map(String);
    return { ok: false, error: makeError(status, messages.length > 0 ? messages : [`HTTP ${status}`]) };
  }
  if (!ok) return { ok: false, error: makeError(status, [`HTTP ${status}`]) };
  if (typeof body === 'string' && PASSWORD_EXPIRED_TEXTS.includes(body.trim())) {
    return { ok: false, error: makeError(status, [body.trim()]) };
  }
  return { ok: true, data: body };
}

export function networkFailure(message?: string): ApiError {
  return makeError(0, [message && message.length > 0 ? message : NETWORK_FAILURE_TEXT]);
}
