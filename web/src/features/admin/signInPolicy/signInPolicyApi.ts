import type { components } from '../../../api/schema.gen';
import { baseApi } from '../../../api/baseApi';

/**
 * `GET /api/v1/organizations/{orgId}/sign_in_policy`, and the answer of its PUT (docs/api/openapi.yaml SignInPolicy):
 * `password_expiry_days` null never expires; `sso` null is no single sign-on; `sp_metadata_url` is our metadata for
 * the identity provider (null when argusd has single sign-on off).
 */
export type SignInPolicy = components['schemas']['SignInPolicy'];
/** The organization's single sign-on: identifier, the identity provider (entity id, single logout), last change. */
export type SsoSettings = NonNullable<SignInPolicy['sso']>;

/** The PUT's `sso`: `idp_metadata` left out keeps the current metadata (required when there is none yet). */
export interface SsoInput {
  identifier: string;
  idp_metadata?: string;
}

/** `PUT .../sign_in_policy`: the whole policy; `sso: null` removes single sign-on. */
export interface SignInPolicyInput {
  password_expiry_days: number | null;
  require_two_factor: boolean;
  sso: SsoInput | null;
}

export interface SignInPolicyArg {
  /** The session's organization. */
  orgId: number;
}

export interface UpdateSignInPolicyArg extends SignInPolicyArg {
  policy: SignInPolicyInput;
}

const policyPath = (orgId: number) => `/api/v1/organizations/${orgId}/sign_in_policy`;

/**
 * The organization's sign-in policy for org-write administrators (403 for other members): password expiry, required
 * two-factor authentication, single sign-on. The PUT answers the stored policy, which becomes the cached one; 400 and
 * 409 carry the server's message (`{"errors": [...]}`) and store nothing. The cache is dropped as soon as the page
 * closes, so each visit starts from the server's current policy.
 */
export const signInPolicyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSignInPolicy: build.query<SignInPolicy, SignInPolicyArg>({
      query: ({ orgId }) => policyPath(orgId),
      keepUnusedDataFor: 0,
    }),
    updateSignInPolicy: build.mutation<SignInPolicy, UpdateSignInPolicyArg>({
      query: ({ orgId, policy }) => ({ url: policyPath(orgId), method: 'PUT', body: policy }),
      async onQueryStarted({ orgId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(signInPolicyApi.util.upsertQueryData('getSignInPolicy', { orgId }, data));
        } catch {
          // Nothing was stored: the cached policy stays right.
        }
      },
    }),
  }),
});

export const { useGetSignInPolicyQuery, useUpdateSignInPolicyMutation } = signInPolicyApi;
