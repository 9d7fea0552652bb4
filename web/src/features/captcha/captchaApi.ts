import { baseApi } from '../../api/baseApi';
import type { AppDispatch } from '../../app/store';
import type { CaptchaChallenge } from './types';

/** `GET /login/captcha` (docs/api/openapi.yaml): a fresh challenge, for the widget to renew one that expired. */
export const captchaApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCaptchaChallenge: build.query<CaptchaChallenge, void>({ query: () => '/login/captcha' }),
  }),
});

/** A new challenge every call (never a cached one: a solution works once). */
export const fetchCaptchaChallenge = (dispatch: AppDispatch) =>
  dispatch(
    captchaApi.endpoints.getCaptchaChallenge.initiate(undefined, { forceRefetch: true, subscribe: false }),
  ).unwrap();
