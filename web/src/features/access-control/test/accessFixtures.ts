import { http, HttpResponse } from 'msw';
import type { Camera, User } from '../../../api/types';
import type { RootState } from '../../../app/store';
import { adminUser, permissionsFor } from '../../../test/fixtures';
import { apiErrors, apiPath, json, server } from '../../../test/server';
import { signedInState } from '../../../test/state';
import { makeCamera, NETWORK_ID } from '../../cameras/test/fixtures';
import { DEFAULT_PREFERENCES } from '../../preferences';
import type { AccessControlIntegration, AccessEvent, DoorCameraMapping } from '../types';

export const integrationsPath = apiPath('/api/v1/organizations/:orgId/camera/accessControlPartnerIntegrations');
export const mappingsPath = apiPath('/api/genea/v1/organizations/:orgId/doorCameraMappings');
export const eventsPath = apiPath('/api/genea/v1/organizations/:orgId/accessEvents');
export const quickGrantPath = apiPath('/api/genea/v1/organizations/:orgId/doors/:doorUuid/quickGrant');

/** The camera of the tests: org 10, network 5 (Los Angeles), serial Q2XX-0000-2, all rights. */
export const lobby: Camera = makeCamera(2, { name: 'Lobby' });

/** 2025-03-06 20:00:00 UTC (noon in Los Angeles, the network's zone). */
export const NOW_MS = Date.UTC(2025, 2, 6, 20, 0, 0);
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;

export function makeIntegration(overrides: Partial<AccessControlIntegration> = {}): AccessControlIntegration {
  return {
    id: 1,
    partner: 'doorsim',
    name: 'HQ doors',
    enabled: true,
    network_ids: [NETWORK_ID],
    canIssueCommands: true,
    ...overrides,
  };
}

export function makeMapping(uuid: string, name: string, overrides: Partial<DoorCameraMapping> = {}): DoorCameraMapping {
  return {
    door: { uuid, name },
    location_uuid: 'site-hq',
    integration_id: 1,
    cameras: [{ id: lobby.id, serial: lobby.serial, name: lobby.name }],
    ...overrides,
  };
}

export const frontDoor = makeMapping('door-front', 'Front entrance');
export const serverRoom = makeMapping('door-server', 'Server room');

export const ada = {
  type: 'USER' as const,
  uuid: 'u-1001',
  name: 'Ada Lovelace',
  department: 'Engineering',
  employeeNumber: 'E-1001',
  accessGroups: ['Staff', 'Server room'],
  avatarUrl: null,
};

export function makeEvent(uuid: string, ms: number, overrides: Partial<AccessEvent> = {}): AccessEvent {
  return {
    uuid,
    time: new Date(ms).toISOString(),
    type: 'access_granted',
    message: 'Access granted',
    cardNumber: '40012345',
    actor: ada,
    door: { uuid: 'door-front', name: 'Front entrance' },
    controller: { uuid: 'ctl-hq-1', name: 'HQ controller 1' },
    cameras: [{ id: lobby.id, serial: lobby.serial, name: lobby.name }],
    ...overrides,
  };
}

/** Signed in (an administrator unless `user`), write right on network 5, the map off. */
export function accessState(user: User = adminUser): Partial<RootState> {
  return {
    ...signedInState(user, { [NETWORK_ID]: permissionsFor(NETWORK_ID, { write: true }) }),
    preferences: { ...DEFAULT_PREFERENCES, showFloorPlan: false },
  };
}

/** Answers the integrations and door-camera mapping calls; gives the mapping calls' query strings. */
export function doorsServer({
  integrations = [makeIntegration()],
  mappings = [frontDoor],
}: { integrations?: AccessControlIntegration[] | (() => Response); mappings?: DoorCameraMapping[] } = {}) {
  const mappingQueries: URLSearchParams[] = [];
  server.use(
    http.get(integrationsPath, () => (typeof integrations === 'function' ? integrations() : json(integrations))),
    http.get(mappingsPath, ({ request }) => {
      mappingQueries.push(new URL(request.url).searchParams);
      return json(mappings);
    }),
  );
  return mappingQueries;
}

export interface EventsCall {
  params: URLSearchParams;
  atMs: number;
}

/**
 * Answers the events calls from `events` as the server would: the doors asked for (door_uuid, comma-separated), the
 * location, a door name substring, either range (start_date/end_date or startTs/endTs), the order, then the page
 * (page, page_size). Gives the calls (query and time).
 */
export function eventsServer(events: () => AccessEvent[] | Response, locations: Record<string, string> = {}) {
  const calls: EventsCall[] = [];
  server.use(
    http.get(eventsPath, ({ request }) => {
      const params = new URL(request.url).searchParams;
      calls.push({ params, atMs: Date.now() });
      const all = events();
      if (all instanceof Response) return all;
      const doors = (params.get('door_uuid') ?? '').split(',').filter(Boolean);
      const location = params.get('location_uuid');
      const name = params.get('door_name')?.toLowerCase();
      const moment = (ts: string, date: string) =>
        params.has(ts) ? Number(params.get(ts)) : Date.parse(params.get(date) ?? '');
      const startMs = moment('startTs', 'start_date');
      const endMs = moment('endTs', 'end_date');
      const sign = params.get('order') === 'asc' ? 1 : -1;
      const matching = all
        .filter((event) => doors.length === 0 || doors.includes(event.door.uuid))
        .filter((event) => !location || (locations[event.door.uuid] ?? 'site-hq') === location)
        .filter((event) => !name || event.door.name.toLowerCase().includes(name))
        .filter((event) => Number.isNaN(startMs) || Date.parse(event.time) >= startMs)
        .filter((event) => Number.isNaN(endMs) || Date.parse(event.time) <= endMs)
        .sort((a, b) => sign * (Date.parse(a.time) - Date.parse(b.time)));
      const page = Number(params.get('page') ?? 1);
      const size = Number(params.get('page_size') ?? 100);
      return json({
        data: matching.slice((page - 1) * size, page * size),
        meta: {
          pagination: { page, page_size: size, page_count: Math.ceil(matching.length / size), total: matching.length },
        },
      });
    }),
  );
  return calls;
}

export const eventsFailure = () => apiErrors(['boom'], 500);

/** Answers the quick grants with 200 {commandId}, or `failure`, after `delayMs`; gives the door uuids unlocked. */
export function quickGrantServer({ failure, delayMs = 0 }: { failure?: () => Response; delayMs?: number } = {}) {
  const doors: string[] = [];
  server.use(
    http.put(quickGrantPath, async ({ request }) => {
      doors.push(decodeURIComponent(/doors\/([^/]+)\/quickGrant/.exec(request.url)?.[1] ?? ''));
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      return failure ? failure() : HttpResponse.json({ commandId: 'cmd-1' });
    }),
  );
  return doors;
}

export const grantRefused = () => apiErrors(['Access could not be granted'], 502);
