import { describe, expect, it } from 'vitest';
import { cameraAccessOf, usableIntegrations } from './cameraDoors';
import { activityLogArg, doorsByLocation } from './doorQueries';
import { frontDoor, makeIntegration, makeMapping, serverRoom } from './test/accessFixtures';

describe("a camera's doors", () => {
  it('takes the enabled integrations serving the network', () => {
    const integrations = [
      makeIntegration({ id: 1 }),
      makeIntegration({ id: 2, enabled: false }),
      makeIntegration({ id: 3, network_ids: [6] }),
      makeIntegration({ id: 4, network_ids: [6, 5] }),
    ];
    expect(usableIntegrations(integrations, 5).map((integration) => integration.id)).toEqual([1, 4]);
  });

  it('takes the doors of those integrations, by name, each once; none without a door', () => {
    const other = makeMapping('door-dock', 'Dock', { integration_id: 9 });
    const integrations = [makeIntegration({ canIssueCommands: false })];
    const access = cameraAccessOf(integrations, [serverRoom, frontDoor, other, frontDoor]);
    expect(access?.doors.map((door) => door.name)).toEqual(['Front entrance', 'Server room']);
    expect(access?.doors[0]).toEqual({
      uuid: 'door-front',
      name: 'Front entrance',
      locationUuid: 'site-hq',
      integrationId: 1,
      canIssueCommands: false,
    });
    expect(access?.canIssueCommands).toBe(false);
    expect(cameraAccessOf([makeIntegration()], [other])).toBeNull();
    expect(cameraAccessOf([makeIntegration()], [])).toBeNull();
  });

  it('may issue commands when an integration of one of its doors may', () => {
    const integrations = [makeIntegration({ id: 1, canIssueCommands: false }), makeIntegration({ id: 2 })];
    const access = cameraAccessOf(integrations, [frontDoor, makeMapping('door-gate', 'Gate', { integration_id: 2 })]);
    expect(access?.canIssueCommands).toBe(true);
    expect(access?.doors.map((door) => [door.name, door.canIssueCommands])).toEqual([
      ['Front entrance', false],
      ['Gate', true],
    ]);
  });

  it('groups the doors by location for the event calls, the location named only when they share one', () => {
    const access = cameraAccessOf(
      [makeIntegration()],
      [serverRoom, frontDoor, makeMapping('door-annex', 'Annex', { location_uuid: 'site-annex' })],
    );
    expect(doorsByLocation(access!.doors)).toEqual([
      { locationUuid: 'site-annex', doorUuids: ['door-annex'] },
      { locationUuid: 'site-hq', doorUuids: ['door-front', 'door-server'] },
    ]);
    expect(activityLogArg(10, access!.doors, 'fr', 1000)).toEqual({
      orgId: 10,
      locationUuid: null,
      doorUuids: ['door-annex', 'door-front', 'door-server'],
      doorName: 'fr',
      periodMs: 1000,
    });
    const one = cameraAccessOf([makeIntegration()], [serverRoom, frontDoor]);
    expect(activityLogArg(10, one!.doors, '', 1000).locationUuid).toBe('site-hq');
  });
});
