import { appActions } from '../../app/appSlice';
import type { AppDispatch } from '../../app/store';
import { MISSING_CSRF_TEXT } from '../../api/apiError';
import { authApi } from './authApi';

const fresh = { forceRefetch: true, subscribe: false } as const;

/** Fetches a CSRF token into the store; rejects with an ApiError-like value when none comes back. */
export async function fetchCsrfToken(dispatch: AppDispatch): Promise<void> {
  const answer = await dispatch(authApi.endpoints.getCsrfToken.initiate(undefined, fresh)).unwrap();
  if (!answer.csrf_token) {
    throw { status: 200, messages: [MISSING_CSRF_TEXT], loginRequired: false, passwordExpired: false };
  }
  dispatch(appActions.csrfTokenReceived(answer.csrf_token));
}

export const fetchUser = (dispatch: AppDispatch) =>
  dispatch(authApi.endpoints.getUser.initiate(undefined, fresh)).unwrap();

export const fetchEnv = (dispatch: AppDispatch) =>
  dispatch(authApi.endpoints.getEnv.initiate(undefined, fresh)).unwrap();

export const fetchNfos = (dispatch: AppDispatch, orgId: number) =>
  dispatch(authApi.endpoints.getNfos.initiate(orgId, fresh)).unwrap();

export const fetchShardFeatures = (dispatch: AppDispatch) =>
  dispatch(authApi.endpoints.getShardFeatures.initiate(undefined, fresh)).unwrap();

export const fetchShardForNetwork = (dispatch: AppDispatch, networkId: number) =>
  dispatch(authApi.endpoints.getShardForNetwork.initiate(networkId, fresh)).unwrap();

export const fetchNetworks = (dispatch: AppDispatch) =>
  dispatch(authApi.endpoints.getNetworks.initiate(undefined, fresh)).unwrap();

export const fetchBundle = (dispatch: AppDispatch, orgId: number) =>
  dispatch(authApi.endpoints.getOrganizationBundle.initiate(orgId, fresh)).unwrap();

export const fetchNetworkContext = (dispatch: AppDispatch, networkId: number) =>
  dispatch(authApi.endpoints.getNetworkContext.initiate(networkId, fresh)).unwrap();

export const changeOrganization = (dispatch: AppDispatch, orgEid: string) =>
  dispatch(authApi.endpoints.changeOrg.initiate(orgEid)).unwrap();
