import { baseApi } from '../../../api/baseApi';
import type { components, paths } from '../../../api/schema.gen';

export type Member = components['schemas']['Member'];
/** `PUT .../users/{userId}`: any of disabled, is_admin, is_org_write_admin (needs is_admin), min_idle_timeout. */
export type MemberChange =
  paths['/api/v1/organizations/{orgId}/users/{userId}']['put']['requestBody']['content']['application/json'];

/** `POST .../users`: invite by e-mail; a viewer needs privileges (without any, a member has every right). */
export type Invitation =
  paths['/api/v1/organizations/{orgId}/users']['post']['requestBody']['content']['application/json'];

export interface MembersArg {
  orgId: number;
}

export interface MemberRef extends MembersArg {
  userId: number;
}

export interface UpdateMemberArg extends MemberRef {
  change: MemberChange;
}

const usersPath = (orgId: number) => `/api/v1/organizations/${orgId}/users`;
const membersTag = (orgId: number) => ({ type: 'Members' as const, id: `org-${orgId}` });

/**
 * The organization's members for org-write administrators (tag `Members`, id `org-{orgId}`): the list, changes to
 * one member and the reset of their two-factor authentication; every change refreshes the list. `orgId` is the
 * session's organization. Nobody may change their own access (403).
 */
export const usersApi = baseApi.enhanceEndpoints({ addTagTypes: ['Members'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET .../users: members by name, disabled ones included; 403 for anyone but org-write administrators. */
    getMembers: build.query<Member[], MembersArg>({
      query: ({ orgId }) => usersPath(orgId),
      providesTags: (_result, _error, { orgId }) => [membersTag(orgId)],
    }),
    /** POST .../users: 201 with the new member; the invitation e-mail is on its way. */
    inviteMember: build.mutation<Member, MembersArg & { invitation: Invitation }>({
      query: ({ orgId, invitation }) => ({ url: usersPath(orgId), method: 'POST', body: invitation }),
      invalidatesTags: (_result, _error, { orgId }) => [membersTag(orgId)],
    }),
    /** PUT .../users/{userId} with the changed fields: 200 with the member. */
    updateMember: build.mutation<Member, UpdateMemberArg>({
      query: ({ orgId, userId, change }) => ({ url: `${usersPath(orgId)}/${userId}`, method: 'PUT', body: change }),
      invalidatesTags: (_result, _error, { orgId }) => [membersTag(orgId)],
    }),
    /** POST .../users/{userId}/reset_two_factor: 204; the member signs in without the authenticator again. */
    resetMemberTwoFactor: build.mutation<null, MemberRef>({
      query: ({ orgId, userId }) => ({ url: `${usersPath(orgId)}/${userId}/reset_two_factor`, method: 'POST' }),
      invalidatesTags: (_result, _error, { orgId }) => [membersTag(orgId)],
    }),
  }),
});

export const { useGetMembersQuery, useInviteMemberMutation, useUpdateMemberMutation, useResetMemberTwoFactorMutation } =
  usersApi;
