import { baseApi } from '../../api/baseApi';
import type { components, paths } from '../../api/schema.gen';
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

type SignInCodeRequest = components['schemas']['SignInCodeRequest'];
/** `{retry: "email"}`: a new e-mail code. */
export type EmailCodeRetry = paths['/login/otp_auth_retry']['post']['requestBody']['content']['application/json'];
/** `{retry: "primary" | "secondary"}`: a new text-message code to that phone. */
export type SmsCodeRetry = paths['/login/sms_auth_retry']['post']['requestBody']['content']['application/json'];
/** `{eid}`: the organization chosen from an `org_choose` answer's `orgs`. */
export interface OrgChooseRequest {
  eid: string;
}

/** `GET /login/sso`: which organization's identity provider, and the in-portal path to come back to (none: /n). */
export interface SsoRequest {
  id: string;
  returnTo?: string;
}

/**
 * `GET /login/sso`'s answer: the identity provider's address to send the browser to (200), or what went wrong (400 no
 * identifier, 404 unknown identifier, 503 single sign-on not available), with the HTTP status.
 */
export interface SsoAnswer {
  status: number;
  sp_saml_idp_auth_request?: { saml_request_url?: string | null } | null;
  errors?: string[];
}

/** The sign-in calls whose 401 and 429 answers (and 503 for sending a code) are data, read by `loginOutcome.ts`. */
const VERIFY_STATUSES = [200, 401, 429];
const SEND_STATUSES = [200, 401, 429, 503];
/** Choosing the organization: 400 is an eid not in the list (stay in the chooser with the message). */
const CHOOSE_STATUSES = [200, 400, 401, 429];
/** Starting single sign-on: 400, 404 and 503 name what went wrong. */
const SSO_STATUSES = [200, 400, 404, 503];

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
    /** 503: the user's sign-in code could not be sent (mode null, the server's message). */
    login: build.mutation<LoginAnswer, LoginRequest>({
      query: (body) => ({ url: '/login/login', method: 'POST', body, acceptStatuses: SEND_STATUSES }),
    }),
    /** The second sign-in step after a `two_factor` answer: 6 digits or a recovery code; answers as `login` does. */
    verifyTwoFactor: build.mutation<LoginAnswer, { code: string }>({
      query: (body) => ({ url: '/login/two_factor/verify', method: 'POST', body, acceptStatuses: VERIFY_STATUSES }),
    }),
    /** The second step after a `one_time_password` answer: the 6 digits e-mailed; answers as `login` does. */
    verifyEmailCode: build.mutation<LoginAnswer, SignInCodeRequest>({
      query: (body) => ({ url: '/login/do_otp_auth', method: 'POST', body, acceptStatuses: VERIFY_STATUSES }),
    }),
    /** A new e-mail code for the sign-in in progress; 200 names the masked address in `code_destination`. */
    resendEmailCode: build.mutation<LoginAnswer, EmailCodeRetry>({
      query: (body) => ({ url: '/login/otp_auth_retry', method: 'POST', body, acceptStatuses: SEND_STATUSES }),
    }),
    /** The second step after an `sms` answer: the 6 digits texted; answers as `login` does. */
    verifySmsCode: build.mutation<LoginAnswer, SignInCodeRequest>({
      query: (body) => ({ url: '/login/do_sms_auth', method: 'POST', body, acceptStatuses: VERIFY_STATUSES }),
    }),
    /** A new text-message code to the primary or secondary phone; 200 names the masked number in `code_destination`. */
    resendSmsCode: build.mutation<LoginAnswer, SmsCodeRetry>({
      query: (body) => ({ url: '/login/sms_auth_retry', method: 'POST', body, acceptStatuses: SEND_STATUSES }),
    }),
    /**
     * After an `org_choose` answer: the organization to sign in to, one of the answer's `orgs`. Answers as a successful
     * `login` does; 400 (mode `org_choose`) an eid not in the list; 401 (mode null) the pending sign-in expired.
     */
    chooseOrganization: build.mutation<LoginAnswer, OrgChooseRequest>({
      query: (body) => ({ url: '/login/org_choose', method: 'POST', body, acceptStatuses: CHOOSE_STATUSES }),
    }),
    /**
     * Starts single sign-on with the organization's identifier (public, no session); read by `ssoOutcome`. The status
     * is added to the answer: it tells an unknown identifier (404) from the other refusals.
     */
    startSso: build.mutation<SsoAnswer, SsoRequest>({
      query: ({ id, returnTo }) => ({
        url: '/login/sso',
        params: { method: 'get', id, return_to: returnTo },
        acceptStatuses: SSO_STATUSES,
      }),
      transformResponse: (answer: Omit<SsoAnswer, 'status'>, meta) => ({ ...answer, status: meta?.status ?? 200 }),
    }),
    logout: build.mutation<{ slo_logout_url?: string | null }, void>({
      query: () => ({ url: '/login/logout' }),
    }),
    refreshSession: build.mutation<SessionState, void>({
      query: () => ({ url: '/vision/session/refresh', method: 'POST' }),
    }),
  }),
});
