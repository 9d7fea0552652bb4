import { baseApi } from '../../../api/baseApi';
import type { components } from '../../../api/schema.gen';
import type { MemberRef } from './usersApi';

export type Privilege = components['schemas']['Privilege'];
export type PrivilegeInput = components['schemas']['PrivilegeInput'];
export type PrivilegeScope = Privilege['scope'];
export type Rights = components['schemas']['Rights'];

export interface ReplacePrivilegesArg extends MemberRef {
  /** The whole new list; empty means no permission data, i.e. every right on every network (spec 01 §4). */
  privileges: PrivilegeInput[];
}

const privilegesPath = ({ orgId, userId }: MemberRef) => `/api/v1/organizations/${orgId}/admins/${userId}/privileges`;
const privilegesTag = ({ orgId, userId }: MemberRef) => ({
  type: 'Privileges' as const,
  id: `org-${orgId}-user-${userId}`,
});

/**
 * A member's privileges in the organization (tag `Privileges`, id `org-{orgId}-user-{userId}`): read, and replaced as
 * a whole list by an org-write administrator. The PUT answers the stored list, which becomes the cached one.
 */
export const privilegesApi = baseApi.enhanceEndpoints({ addTagTypes: ['Privileges'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET .../admins/{userId}/privileges: an empty list means every right. */
    getPrivileges: build.query<Privilege[], MemberRef>({
      query: privilegesPath,
      providesTags: (_result, _error, ref) => [privilegesTag(ref)],
    }),
    /**
     * PUT .../admins/{userId}/privileges with `{privileges}`: 200 with the stored list (new ids). 400 names the first
     * bad entry (`privileges[1].camera_id: ...`) and stores nothing; 403 for one's own privileges.
     */
    replacePrivileges: build.mutation<Privilege[], ReplacePrivilegesArg>({
      query: ({ privileges, ...ref }) => ({ url: privilegesPath(ref), method: 'PUT', body: { privileges } }),
      async onQueryStarted({ orgId, userId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(privilegesApi.util.upsertQueryData('getPrivileges', { orgId, userId }, data));
        } catch {
          // Nothing was stored: the cached list stays right.
        }
      },
    }),
  }),
});

export const { useGetPrivilegesQuery, useReplacePrivilegesMutation } = privilegesApi;
