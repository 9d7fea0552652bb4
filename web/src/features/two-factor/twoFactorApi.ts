import { baseApi } from '../../api/baseApi';
import type { TwoFactorConfirmation, TwoFactorEnrolment, TwoFactorState } from './types';

/**
 * The session user's own authenticator (docs/api/openapi.yaml `/vision/user/two_factor*`). Confirm and disable write
 * their outcome into the cached state, so the dialog shows it without asking again.
 */
export const twoFactorApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTwoFactorState: build.query<TwoFactorState, void>({ query: () => '/vision/user/two_factor' }),
    enrolTwoFactor: build.mutation<TwoFactorEnrolment, void>({
      query: () => ({ url: '/vision/user/two_factor/enrol', method: 'POST' }),
    }),
    confirmTwoFactor: build.mutation<TwoFactorConfirmation, string>({
      query: (code) => ({ url: '/vision/user/two_factor/confirm', method: 'POST', body: { code } }),
      async onQueryStarted(_code, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        const state: TwoFactorState = { enabled: true, recovery_codes_left: data.recovery_codes.length };
        dispatch(twoFactorApi.util.upsertQueryData('getTwoFactorState', undefined, state));
      },
    }),
    disableTwoFactor: build.mutation<TwoFactorState, string>({
      query: (code) => ({ url: '/vision/user/two_factor/disable', method: 'POST', body: { code } }),
      async onQueryStarted(_code, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(twoFactorApi.util.upsertQueryData('getTwoFactorState', undefined, data));
      },
    }),
  }),
});
