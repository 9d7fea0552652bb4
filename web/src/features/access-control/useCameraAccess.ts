import { useMemo } from 'react';
import type { Camera } from '../../api/types';
import { useGetAccessControlIntegrationsQuery, useGetDoorCameraMappingsQuery } from './accessControlApi';
import { cameraAccessOf, usableIntegrations } from './cameraDoors';
import type { CameraAccess } from './types';

const NONE = [] as const;

/**
 * The camera's doors, or null when the camera page offers no access control for it (spec 02 §2, §6): that needs an
 * enabled partner integration serving the camera's network and a door of it mapped to the camera. The mappings are
 * asked for only with such an integration; failures count as none. Part of the camera page's own code: keep it small.
 */
export function useCameraAccess(camera: Camera): CameraAccess | null {
  const { data: integrations = NONE } = useGetAccessControlIntegrationsQuery(camera.organization_id);
  const usable = useMemo(() => usableIntegrations(integrations, camera.network_id), [integrations, camera.network_id]);
  const { data: mappings = NONE } = useGetDoorCameraMappingsQuery(
    { orgId: camera.organization_id, serial: camera.serial },
    { skip: usable.length === 0 },
  );
  return useMemo(() => (usable.length === 0 ? null : cameraAccessOf(usable, mappings)), [usable, mappings]);
}
