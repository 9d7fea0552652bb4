import { describe, expect, it } from 'vitest';
import { LIVE_ONLY, makePrivilege } from '../test/privilegesTestKit';
import {
  cameraNetworksOf,
  newRow,
  type PrivilegeRow,
  privilegeInput,
  rowErrors,
  rowOfServerMessage,
  rowsFromPrivileges,
  withNetwork,
  withScope,
} from './privilegeModel';

const NO_RIGHTS = { write: false, export: false, historical: false, live: false };

function row(overrides: Partial<PrivilegeRow>): PrivilegeRow {
  return { ...newRow(null), ...overrides };
}

describe('privilegeModel', () => {
  it('adds a camera row with live video only, in the given network', () => {
    expect(newRow(5)).toMatchObject({ scope: 'camera', networkId: 5, cameraId: null, tag: '', rights: LIVE_ONLY });
    expect(newRow(5).key).not.toBe(newRow(5).key);
  });

  it('reads the server list; a camera gets the network it was found in', () => {
    const rows = rowsFromPrivileges(
      [
        makePrivilege(1, { scope: 'camera', camera_id: 7 }),
        makePrivilege(2, { scope: 'camera', camera_id: 8 }),
        makePrivilege(3, { scope: 'camera_tag', tag: 'public', network_id: 6 }),
        makePrivilege(4, { scope: 'network', network_id: 5 }),
      ],
      new Map([[7, 6]]),
    );
    expect(rows.map(({ scope, networkId, cameraId, tag }) => ({ scope, networkId, cameraId, tag }))).toEqual([
      { scope: 'camera', networkId: 6, cameraId: 7, tag: '' },
      { scope: 'camera', networkId: null, cameraId: 8, tag: '' },
      { scope: 'camera_tag', networkId: 6, cameraId: null, tag: 'public' },
      { scope: 'network', networkId: 5, cameraId: null, tag: '' },
    ]);
    expect(cameraNetworksOf(rows)).toEqual(new Map([[7, 6]]));
  });

  it("sends only the scope's own fields, the others null, and the tag trimmed", () => {
    const full = { networkId: 5, cameraId: 7, tag: ' dock ', rights: LIVE_ONLY };
    expect(privilegeInput(row({ ...full, scope: 'organization' }))).toEqual({
      scope: 'organization',
      network_id: null,
      camera_id: null,
      tag: null,
      rights: LIVE_ONLY,
    });
    const sent = (scope: PrivilegeRow['scope']) => {
      const { network_id, camera_id, tag } = privilegeInput(row({ ...full, scope }));
      return { network_id, camera_id, tag };
    };
    expect(sent('network')).toEqual({ network_id: 5, camera_id: null, tag: null });
    expect(sent('camera')).toEqual({ network_id: null, camera_id: 7, tag: null });
    expect(sent('camera_tag')).toEqual({ network_id: 5, camera_id: null, tag: 'dock' });
    expect(privilegeInput(row({ ...full, scope: 'network_tag', networkId: null }))).toMatchObject({
      network_id: null,
      tag: 'dock',
    });
  });

  it('keeps what the new scope uses; a tag scope entered from another starts at any network', () => {
    const camera = row({ scope: 'camera', networkId: 5, cameraId: 7, tag: 'dock' });
    expect(withScope(camera, 'network')).toMatchObject({ scope: 'network', networkId: 5 });
    expect(withScope(camera, 'camera_tag')).toMatchObject({ scope: 'camera_tag', networkId: null, tag: 'dock' });
    const tag = row({ scope: 'camera_tag', networkId: 6, tag: 'dock' });
    expect(withScope(tag, 'network_tag')).toMatchObject({ networkId: 6, tag: 'dock' });
  });

  it('empties the camera when its network changes', () => {
    const camera = row({ scope: 'camera', networkId: 5, cameraId: 7 });
    expect(withNetwork(camera, 5).cameraId).toBe(7);
    expect(withNetwork(camera, 6)).toMatchObject({ networkId: 6, cameraId: null });
    expect(withNetwork(row({ scope: 'network_tag', networkId: 5, cameraId: 7 }), null).cameraId).toBe(7);
  });

  it.each<[string, Partial<PrivilegeRow>, Record<string, string>]>([
    ['organization', { scope: 'organization' }, {}],
    ['network without network', { scope: 'network' }, { network: 'privileges-error-network' }],
    ['camera without network', { scope: 'camera' }, { network: 'privileges-error-camera-network' }],
    ['camera found nowhere', { scope: 'camera', cameraId: 8 }, { network: 'privileges-error-camera-unknown' }],
    ['camera without camera', { scope: 'camera', networkId: 5 }, { camera: 'privileges-error-camera' }],
    ['camera', { scope: 'camera', networkId: 5, cameraId: 7 }, {}],
    ['tag of spaces', { scope: 'camera_tag', tag: '   ' }, { tag: 'privileges-error-tag' }],
    ['tag of 255', { scope: 'network_tag', tag: 'é'.repeat(255) }, {}],
    ['tag of 256', { scope: 'network_tag', tag: 'x'.repeat(256) }, { tag: 'privileges-error-tag-length' }],
    ['no right', { scope: 'organization', rights: NO_RIGHTS }, { rights: 'privileges-error-rights' }],
  ])('checks a row: %s', (_name, overrides, expected) => {
    expect(rowErrors(row(overrides))).toEqual(expected);
  });

  it("reads the row a server message names (0-based in the message, 1-based on screen)", () => {
    expect(rowOfServerMessage('privileges[1].camera_id: no such camera in this organization')).toBe(2);
    expect(rowOfServerMessage('privileges: at most 200 entries, 201 given')).toBeNull();
    expect(rowOfServerMessage(null)).toBeNull();
  });
});
