import { baseApi } from '../../api/baseApi';

export interface SendFeedbackArg {
  /** The network the feedback is sent from (one the user sees; 404 otherwise). */
  networkId: number;
  /** The text, trimmed: 1–5000 characters. */
  wish: string;
  /** SHA-256 of `wish` as hex, or '' when the browser cannot hash. */
  wishHash: string;
  /** The session recording's address; null: the portal records no sessions. */
  sessionRecordingURL: string | null;
}

/**
 * Feedback (spec 03 §7 "Feedback"): `POST /n/{networkId}/manage/support/wish` {wish, wish_hash, sessionRecordingURL}
 * → 201 {id}. 400 for a bad text, 404 for a network the user does not see, 429 after 10 in an hour.
 */
export const feedbackApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    sendFeedback: build.mutation<{ id: number }, SendFeedbackArg>({
      query: ({ networkId, wish, wishHash, sessionRecordingURL }) => ({
        url: `/n/${networkId}/manage/support/wish`,
        method: 'POST',
        body: { wish, wish_hash: wishHash, sessionRecordingURL },
      }),
    }),
  }),
});

export const { useSendFeedbackMutation } = feedbackApi;
