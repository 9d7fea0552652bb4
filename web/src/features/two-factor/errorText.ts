import { INVALID_RESPONSE_TEXT, isApiError } from '../../api/apiError';

/**
 * The server's own words for a failed two-factor call ('Incorrect code. Please try again.', 'Two-factor
 * authentication is already on.'), or null when it gave none (no answer, an answer that is not JSON, a bare HTTP
 * status): the caller then shows the generic text.
 */
export function serverMessage(error: unknown): string | null {
  if (!isApiError(error) || error.status < 400) return null;
  const given = error.messages.filter((message) => message !== INVALID_RESPONSE_TEXT && !/^HTTP \d+$/.test(message));
  return given.length > 0 ? given.join(' ') : null;
}
