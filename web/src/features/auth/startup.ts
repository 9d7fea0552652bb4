import { notifications } from '@mantine/notifications';
import { type ApiError, errorMessages, isApiError } from '../../api/apiError';
import type { OrganizationBundle, User } from '../../api/types';
import { appActions } from '../../app/appSlice';
import { ORG_SWITCH_TOAST_MS } from '../../app/constants';
import type { AppDispatch, RootState } from '../../app/store';
import { i18n } from '../../i18n';
import { authActions } from './authSlice';
import {
  changeOrganization,
  fetchBundle,
  fetchCsrfToken,
  fetchEnv,
  fetchNetworkContext,
  fetchNetworks,
  fetchNfos,
  fetchShardFeatures,
  fetchShardForNetwork,
  fetchUser,
} from './calls';
import { parseNetworkId } from './permissions';

export const NO_ANALYTICS_FEATURE = 'has_camera_no_analytics';

export interface StartupLocation {
  pathname: string;
  search: string;
}

export interface StartupOptions {
  /** Re-run after sign-in: keeps the current screen instead of showing the start-up loader. */
  afterSignIn?: boolean;
}

type Thunk<T = void> = (dispatch: AppDispatch, getState: () => RootState) => Promise<T>;

function networkIdOfPath(pathname: string): number | undefined {
  return parseNetworkId(/^\/n\/([^/]+)/.exec(pathname)?.[1]);
}

export function showOrgSwitchFailedToast(): void {
  notifications.show({
    color: 'yellow',
    autoClose: ORG_SWITCH_TOAST_MS,
    message: i18n.t('change-org-changing-org-failed', { ns: 'shell' }),
  });
}

async function switchOrgFromQuery(dispatch: AppDispatch, orgEid: string, user: User): Promise<User> {
  try {
    await changeOrganization(dispatch, orgEid);
    return await fetchUser(dispatch);
  } catch (error) {
    dispatch(authActions.orgSwitchFailed(errorMessages(error).join(' ')));
    showOrgSwitchFailedToast();
    return user;
  }
}

function applyBundle(dispatch: AppDispatch, bundle: OrganizationBundle): void {
  dispatch(appActions.envLoaded(bundle.env));
  dispatch(authActions.bundleLoaded(bundle));
  const noAnalytics =
    bundle.shard_features.includes(NO_ANALYTICS_FEATURE) ||
    bundle.nfos.some((nfo) => nfo.feature === NO_ANALYTICS_FEATURE && nfo.enabled && nfo.org_wide);
  dispatch(appActions.noAnalyticsSet(noAnalytics));
}

async function loadAsAdministrator(dispatch: AppDispatch, user: User, pathname: string): Promise<void> {
  const networkId = networkIdOfPath(pathname);
  if (networkId !== undefined) {
    try {
      const { shard_id } = await fetchShardForNetwork(dispatch, networkId);
      dispatch(appActions.shardChanged(shard_id));
      // Entering the network of the address starts now, beside the rest of the start-up: its context call, the
      // base path and the fresh CSRF token are ready when the page renders (the network gate joins this entry).
      dispatch(authActions.earlyEntryStarted(networkId));
      void dispatch(enterNetwork(networkId));
    } catch (error) {
      // An unknown network in the address is not a start-up failure: the route guard sends the user to /n.
      if (!isApiError(error) || error.status !== 404) throw error;
    }
  }
  dispatch(appActions.envLoaded(await fetchEnv(dispatch)));
  const [nfos, shardFeatures, networks] = await Promise.all([
    fetchNfos(dispatch, user.org_id),
    fetchShardFeatures(dispatch),
    fetchNetworks(dispatch),
  ]);
  dispatch(authActions.orgDataLoaded({ nfos, shardFeatures, networks }));
}

/**
 * The start-up flow (spec 01 §4): CSRF token, session user, optional organization switch, then the organization
 * bundle (non-administrators) or environment, feature flags and networks (administrators, and the bundle fallback).
 */
export function initializeApp(location: StartupLocation, options: StartupOptions = {}): Thunk {
  return async (dispatch) => {
    const query = new URLSearchParams(location.search);
    if (!options.afterSignIn) dispatch(appActions.initStarted());
    dispatch(appActions.fullPageSet(query.get('fullPage') === 'true'));
    const shardParam = query.get('shardId');
    if (shardParam !== null && /^\d+$/.test(shardParam)) dispatch(appActions.shardChanged(Number(shardParam)));
    const from = query.get('from');
    if (from) console.info(`Portal opened from ${from}`);

    let user: User;
    try {
      await fetchCsrfToken(dispatch);
      user = await fetchUser(dispatch);
    } catch (error) {
      const apiError: ApiError | null = isApiError(error) ? error : null;
      if (apiError?.passwordExpired) dispatch(authActions.passwordExpired());
      else dispatch(authActions.signedOut());
      if (apiError?.loginRequired || apiError?.passwordExpired) dispatch(appActions.initSucceeded());
      else dispatch(appActions.initFailed(errorMessages(error)));
      return;
    }

    const orgEid = query.get('orgEid');
    if (orgEid) user = await switchOrgFromQuery(dispatch, orgEid, user);
    dispatch(authActions.userLoaded(user));
    if (user.shard_id) dispatch(appActions.shardChanged(user.shard_id));

    if (!user.is_admin) {
      try {
        applyBundle(dispatch, await fetchBundle(dispatch, user.org_id));
        dispatch(appActions.initSucceeded());
        return;
      } catch {
        // The bundle path falls back to the administrator flow.
      }
    }
    try {
      await loadAsAdministrator(dispatch, user, location.pathname);
      dispatch(appActions.initSucceeded());
    } catch (error) {
      dispatch(appActions.initFailed(errorMessages(error)));
    }
  };
}

/** Entering a network as an administrator: network context → shard base path → a fresh CSRF token. */
export function enterNetwork(networkId: number): Thunk {
  return async (dispatch) => {
    dispatch(authActions.networkContextStarted(networkId));
    try {
      const context = await fetchNetworkContext(dispatch, networkId);
      dispatch(appActions.shardChanged(context.shard_id));
      await fetchCsrfToken(dispatch);
      dispatch(authActions.networkContextLoaded(context.permissions));
    } catch {
      dispatch(authActions.networkContextFailed(networkId));
    }
  };
}
