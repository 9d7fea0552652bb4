import { baseApi } from '../../api/baseApi';
import type {
  Env,
  LoginAnswer,
  LoginRequest,
  Network,
  NetworkContext,
  Nfo,
  Organization,
  OrganizationBundle,
  SessionState,
  User,
} from '../../api/types';

/** Session, start-up and organization calls (spec 01 §7). */
export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCsrfToken: build.query<{ csrf_token: string }, void>({ query: () => '/csrf/token' }),
    getUser: build.query<User, void>({ query: () => '/vision/user', providesTags: ['User'] }),
    getEnv: build.query<Env, void>({ query: () => '/vision/env' }),
    getNfos: build.query<Nfo[], number | void>({
      query: (orgId) => ({ url: '/vision/nfos', params: { id: orgId ?? undefined } }),
      providesTags: ['Nfos'],
    }),
    getShardFeatures: build.query<string[], string | void>({
      query: (features) => ({ url: '/vision/shard_features', params: { features: features ?? undefined } }),
    }),
    getShardForNetwork: build.query<{ shard_id: number }, number>({
      query: (id) => ({ url: '/vision/shard_for_network', params: { id } }),
    }),
    getNetworks: build.query<Network[], void>({ query: () => '/vision/networks', providesTags: ['Networks'] }),
    getOrganizationBundle: build.query<OrganizationBundle, number>({
      query: (orgId) => `/vision/organizations/${orgId}/bundle`,
    }),
    getOrganizations: build.query<Record<string, Organization>, void>({
      query: () => '/vision/organizations',
      providesTags: ['Orgs'],
    }),
    getNetworkContext: build.query<NetworkContext, number>({
      query: (networkId) => `/vision/networks/${networkId}/context`,
    }),
    changeOrg: build.mutation<{ success: boolean; organization: Organization }, string>({
      query: (orgEid) => ({ url: '/vision/change_org', method: 'PUT', body: { org_eid: orgEid } }),
    }),
    login: build.mutation<LoginAnswer, LoginRequest>({
      query: (body) => ({ url: '/login/login', method: 'POST', body, acceptStatuses: [200, 401, 429] }),
    }),
    /** The second sign-in step after a `two_factor` answer: 6 digits or a recovery code; answers as `login` does. */
    verifyTwoFactor: build.mutation<LoginAnswer, { code: string }>({
      query: (body) => ({ url: '/login/two_factor/verify', method: 'POST', body, acceptStatuses: [200, 401, 429] }),
    }),
    logout: build.mutation<{ slo_logout_url?: string | null }, void>({
      query: () => ({ url: '/login/logout' }),
    }),
    refreshSession: build.mutation<SessionState, void>({
      query: () => ({ url: '/vision/session/refresh', method: 'POST' }),
    }),
  }),
});
