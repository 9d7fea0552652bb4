// The event calls' arguments for a camera's doors: in the drawer's and the marks' chunks, not the camera page's.
import type { ActivityLogArg, CameraDoor, DoorsAtLocation } from './types';

/** The doors grouped by location, in a stable order (a query's cache key). */
export function doorsByLocation(doors: readonly CameraDoor[]): DoorsAtLocation[] {
  const groups = new Map<string, string[]>();
  for (const door of doors) groups.set(door.locationUuid, [...(groups.get(door.locationUuid) ?? []), door.uuid]);
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([locationUuid, doorUuids]) => ({ locationUuid, doorUuids: [...doorUuids].sort() }));
}

/** The activity log's query for the doors: their one location when they share it, and the doors themselves. */
export function activityLogArg(
  orgId: number,
  doors: readonly CameraDoor[],
  doorName: string,
  periodMs: number,
): ActivityLogArg {
  const locations = doorsByLocation(doors);
  return {
    orgId,
    locationUuid: locations.length === 1 ? locations[0].locationUuid : null,
    doorUuids: locations.flatMap((location) => location.doorUuids),
    doorName,
    periodMs,
  };
}
