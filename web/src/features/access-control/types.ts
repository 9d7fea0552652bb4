import type { components, paths } from '../../api/schema.gen';

export type { AccessControlIntegration } from '../../api/types';

/** A door of the organization's access-control partner and the cameras that watch it. */
export type DoorCameraMapping = components['schemas']['DoorCameraMapping'];

/** A door event (spec 03 §3 "Access event"); `time` is ISO 8601 UTC. */
export type AccessEvent = components['schemas']['AccessEvent'];

/** Who caused an event: a card holder (USER), an API key or the system. */
export type AccessActor = components['schemas']['AccessActor'];

type ListAccessEvents = paths['/api/genea/v1/organizations/{orgId}/accessEvents']['get'];

/** One page of `GET /api/genea/v1/organizations/{orgId}/accessEvents`: `data` and `meta.pagination`. */
export type AccessEventsAnswer = ListAccessEvents['responses']['200']['content']['application/json'];

/** A page as the activity log keeps it: a page that failed is kept empty with `failed` (spec 03 §8: swallowed). */
export type AccessEventsPage = AccessEventsAnswer & { failed?: boolean };

/** A door mapped to the camera, of an enabled integration serving the camera's network. */
export interface CameraDoor {
  uuid: string;
  name: string;
  locationUuid: string;
  integrationId: number;
  /** Its integration may unlock doors (quick grant). */
  canIssueCommands: boolean;
}

/** What the camera page knows of the camera's doors: none means no access control for it. */
export interface CameraAccess {
  doors: CameraDoor[];
  /** Some door of the camera may be unlocked (the drawer's 'Controls' tab, spec 03 §6). */
  canIssueCommands: boolean;
}

/** The camera's doors at one location: events are asked for per location and door (spec 03 §4). */
export interface DoorsAtLocation {
  locationUuid: string;
  doorUuids: string[];
}

/** The activity log's query: the newest events of the doors, `periodMs` back from now, whose door name matches. */
export interface ActivityLogArg {
  orgId: number;
  /** The doors' location when they share one, else null (the doors alone filter). */
  locationUuid: string | null;
  doorUuids: string[];
  doorName: string;
  periodMs: number;
}

/** A range of events of the doors, every page (the timeline). */
export interface EventsInRangeArg {
  orgId: number;
  locations: DoorsAtLocation[];
  startMs: number;
  endMs: number;
}

export interface QuickGrantArg {
  orgId: number;
  doorUuid: string;
}
