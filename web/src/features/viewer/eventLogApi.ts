import { baseApi } from '../../api/baseApi';
import type { components } from '../../api/schema.gen';

export type LogEventRequest = components['schemas']['LogEventRequest'];

export interface LogEventArg {
  networkId: number;
  body: LogEventRequest;
}

/** The portal's event log (spec 02 §7). The viewer logs screenshots; walls will send one event per channel. */
export const eventLogApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    logEvent: build.mutation<{ success: boolean }, LogEventArg>({
      query: ({ networkId, body }) => ({ url: `/n/${networkId}/manage/access_logs/log_event`, method: 'POST', body }),
    }),
  }),
});

export const { useLogEventMutation } = eventLogApi;
