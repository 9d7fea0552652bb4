import type { AccessControlIntegration, CameraAccess, CameraDoor, DoorCameraMapping } from './types';

/** The organization's integrations that are enabled and serve the network. */
export function usableIntegrations(
  integrations: readonly AccessControlIntegration[],
  networkId: number,
): AccessControlIntegration[] {
  return integrations.filter((integration) => integration.enabled && integration.network_ids.includes(networkId));
}

/**
 * The camera's doors: those mapped to it by one of the usable integrations, by name, each once. Null without any (the
 * camera page then offers no access control, spec 02 §6).
 */
export function cameraAccessOf(
  integrations: readonly AccessControlIntegration[],
  mappings: readonly DoorCameraMapping[],
): CameraAccess | null {
  const byId = new Map(integrations.map((integration) => [integration.id, integration]));
  const doors = new Map<string, CameraDoor>();
  for (const mapping of mappings) {
    const integration = byId.get(mapping.integration_id);
    if (!integration || doors.has(mapping.door.uuid)) continue;
    doors.set(mapping.door.uuid, {
      uuid: mapping.door.uuid,
      name: mapping.door.name,
      locationUuid: mapping.location_uuid,
      integrationId: integration.id,
      canIssueCommands: integration.canIssueCommands,
    });
  }
  if (doors.size === 0) return null;
  const sorted = [...doors.values()].sort((a, b) => a.name.localeCompare(b.name) || a.uuid.localeCompare(b.uuid));
  return { doors: sorted, canIssueCommands: sorted.some((door) => door.canIssueCommands) };
}
