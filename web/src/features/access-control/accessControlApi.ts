import { baseApi } from '../../api/baseApi';
import type { AccessControlIntegration, DoorCameraMapping } from './types';

/** What a read answers, or an empty list when it failed (spec 03 §8: access-control errors are swallowed). */
const listOrEmpty = <T>(answer: { data?: unknown; error?: unknown }): { data: T[] } => ({
  data: !answer.error && Array.isArray(answer.data) ? (answer.data as T[]) : [],
});

/**
 * The access-control calls the camera page itself makes, to know whether to offer access control for a camera
 * (docs/design/access-control.md "Portal calls"). The events and the quick grant are in `accessEventsApi`, with the
 * drawer's and the timeline marks' chunks.
 */
export const accessControlApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/organizations/{orgId}/camera/accessControlPartnerIntegrations; [] when it fails. */
    getAccessControlIntegrations: build.query<AccessControlIntegration[], number>({
      async queryFn(orgId, _api, _extraOptions, baseQuery) {
        const url = `/api/v1/organizations/${orgId}/camera/accessControlPartnerIntegrations`;
        return listOrEmpty(await baseQuery({ url }));
      },
    }),
    /** GET /api/genea/v1/organizations/{orgId}/doorCameraMappings?serial: the camera's doors; [] when it fails. */
    getDoorCameraMappings: build.query<DoorCameraMapping[], { orgId: number; serial: string }>({
      async queryFn({ orgId, serial }, _api, _extraOptions, baseQuery) {
        return listOrEmpty(
          await baseQuery({ url: `/api/genea/v1/organizations/${orgId}/doorCameraMappings`, params: { serial } }),
        );
      },
    }),
  }),
});

export const { useGetAccessControlIntegrationsQuery, useGetDoorCameraMappingsQuery } = accessControlApi;
