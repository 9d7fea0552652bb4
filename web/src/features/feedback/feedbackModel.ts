/** The server takes 1–5000 characters after trimming. */
export const FEEDBACK_MAX_LENGTH = 5000;

export type FeedbackProblem = 'empty' | 'too-long';

/** What keeps a text from being sent (measured trimmed, as the server does), or null. */
export function feedbackProblem(text: string): FeedbackProblem | null {
  const { length } = text.trim();
  if (length === 0) return 'empty';
  return length > FEEDBACK_MAX_LENGTH ? 'too-long' : null;
}

/**
 * The SHA-256 of a text (UTF-8) as lower-case hex, sent as `wish_hash`; '' where the browser has no Web Crypto (pages
 * not served over HTTPS or from localhost) or it fails.
 */
export async function wishHash(text: string): Promise<string> {
  const subtle = typeof crypto === 'undefined' ? undefined : (crypto.subtle as SubtleCrypto | undefined);
  if (!subtle) return '';
  try {
    const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
    return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
  } catch {
    return '';
  }
}
