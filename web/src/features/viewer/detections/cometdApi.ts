import { baseApi } from '../../../api/baseApi';
import type { AppDispatch } from '../../../app/store';
import { type BayeuxMessage, CometdError, type CometdSend } from './CometdClient';

/** `POST {basePath}/cometd` through the one base client (session cookie, `X-CSRF-Token`, app headers, ApiError). */
export const cometdApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    cometd: build.mutation<unknown, BayeuxMessage[]>({
      query: (messages) => ({ url: '/cometd', method: 'POST', body: messages }),
    }),
  }),
});

/**
 * The CometdClient's transport: one untracked mutation per batch (nothing kept in the store), aborted with `signal`.
 * An HTTP failure rejects with the base client's ApiError, an answer that is not an array with a CometdError.
 */
export function cometdSend(dispatch: AppDispatch): CometdSend {
  return async (messages, signal) => {
    if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    const request = dispatch(cometdApi.endpoints.cometd.initiate(messages, { track: false }));
    const abort = () => request.abort();
    signal?.addEventListener('abort', abort, { once: true });
    try {
      const answer = await request.unwrap();
      if (!Array.isArray(answer)) throw new CometdError(0, 'The answer is not an array of messages');
      return answer;
    } finally {
      signal?.removeEventListener('abort', abort);
    }
  };
}
