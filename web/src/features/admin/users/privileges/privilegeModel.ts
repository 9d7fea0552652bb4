import type { Privilege, PrivilegeInput, PrivilegeScope, Rights } from '../privilegesApi';

/** The contract's limits: at most 200 entries, tags of 1–255 characters. */
export const MAX_PRIVILEGES = 200;
export const MAX_TAG_LENGTH = 255;

/** In the order of the scope select. */
export const SCOPES: readonly PrivilegeScope[] = ['organization', 'network', 'network_tag', 'camera', 'camera_tag'];

/** i18n keys (namespace `users`) of the scopes. */
export const SCOPE_LABEL_KEYS: Record<PrivilegeScope, string> = {
  organization: 'privileges-scope-organization',
  network: 'privileges-scope-network',
  network_tag: 'privileges-scope-network-tag',
  camera: 'privileges-scope-camera',
  camera_tag: 'privileges-scope-camera-tag',
};

export type RightName = keyof Rights;

/** In the order of the checkboxes. */
export const RIGHTS: readonly RightName[] = ['write', 'export', 'historical', 'live'];

export const RIGHT_LABEL_KEYS: Record<RightName, string> = {
  write: 'privileges-right-write',
  export: 'privileges-right-export',
  historical: 'privileges-right-historical',
  live: 'privileges-right-live',
};

/**
 * One row of the editor. It keeps every target while the scope changes, and sends only what the scope uses.
 * `networkId` is the network for the network scope, the optional restriction of the tag scopes (null: any network)
 * and, for the camera scope, only the network the camera is picked from (the contract sends the camera alone).
 */
export interface PrivilegeRow {
  /** React key; rows have no id until saved. */
  key: string;
  scope: PrivilegeScope;
  networkId: number | null;
  cameraId: number | null;
  tag: string;
  rights: Rights;
}

export type RowField = 'network' | 'camera' | 'tag' | 'rights';

/** i18n keys of what is wrong with a row, by control. */
export type RowErrors = Partial<Record<RowField, string>>;

let nextKey = 0;

function newKey(): string {
  nextKey += 1;
  return `row-${nextKey}`;
}

export function isTagScope(scope: PrivilegeScope): boolean {
  return scope === 'network_tag' || scope === 'camera_tag';
}

/** What 'Add privilege' adds: one camera, live video only, picked from `networkId` (the current network). */
export function newRow(networkId: number | null): PrivilegeRow {
  return {
    key: newKey(),
    scope: 'camera',
    networkId,
    cameraId: null,
    tag: '',
    rights: { write: false, export: false, historical: false, live: true },
  };
}

/**
 * The editor's rows of the server's list. A camera privilege names its camera only: `cameraNetworks` tells the
 * network each camera is in (a camera not found there keeps no network, which validation then points out).
 */
export function rowsFromPrivileges(
  privileges: Privilege[],
  cameraNetworks: ReadonlyMap<number, number>,
): PrivilegeRow[] {
  return privileges.map((privilege) => {
    const cameraId = privilege.camera_id ?? null;
    const cameraNetwork = cameraId === null ? null : (cameraNetworks.get(cameraId) ?? null);
    return {
      key: newKey(),
      scope: privilege.scope,
      networkId: privilege.scope === 'camera' ? cameraNetwork : (privilege.network_id ?? null),
      cameraId,
      tag: privilege.tag ?? '',
      rights: { ...privilege.rights },
    };
  });
}

/** The networks of the rows' cameras, to rebuild rows from the PUT's answer. */
export function cameraNetworksOf(rows: PrivilegeRow[]): Map<number, number> {
  const networks = new Map<number, number>();
  for (const row of rows) {
    if (row.scope === 'camera' && row.cameraId !== null && row.networkId !== null) {
      networks.set(row.cameraId, row.networkId);
    }
  }
  return networks;
}

/**
 * A new scope; the rest stays for a scope that uses it (a network between network and camera, a tag between the tag
 * scopes). A tag scope entered from another starts at 'Any network': its network is an optional restriction.
 */
export function withScope(row: PrivilegeRow, scope: PrivilegeScope): PrivilegeRow {
  const anyNetwork = isTagScope(scope) && !isTagScope(row.scope);
  return { ...row, scope, networkId: anyNetwork ? null : row.networkId };
}

/** A new network; for the camera scope the camera picked in the old network no longer fits. */
export function withNetwork(row: PrivilegeRow, networkId: number | null): PrivilegeRow {
  const cameraId = row.scope === 'camera' && networkId !== row.networkId ? null : row.cameraId;
  return { ...row, networkId, cameraId };
}

function tagLength(tag: string): number {
  return [...tag.trim()].length;
}

/** The contract's checks of one row (i18n keys by control); empty when the row can be sent. */
export function rowErrors(row: PrivilegeRow): RowErrors {
  const errors: RowErrors = {};
  if (row.scope === 'network' && row.networkId === null) errors.network = 'privileges-error-network';
  if (row.scope === 'camera') {
    if (row.networkId === null) {
      errors.network = row.cameraId === null ? 'privileges-error-camera-network' : 'privileges-error-camera-unknown';
    } else if (row.cameraId === null) {
      errors.camera = 'privileges-error-camera';
    }
  }
  if (isTagScope(row.scope)) {
    const length = tagLength(row.tag);
    if (length === 0) errors.tag = 'privileges-error-tag';
    else if (length > MAX_TAG_LENGTH) errors.tag = 'privileges-error-tag-length';
  }
  if (!RIGHTS.some((right) => row.rights[right])) errors.rights = 'privileges-error-rights';
  return errors;
}

export function hasErrors(errors: RowErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** The PUT entry of a valid row: the scope's own fields, the others null (the contract: absent or null). */
export function privilegeInput(row: PrivilegeRow): PrivilegeInput {
  const tagScope = isTagScope(row.scope);
  return {
    scope: row.scope,
    network_id: row.scope === 'network' || tagScope ? row.networkId : null,
    camera_id: row.scope === 'camera' ? row.cameraId : null,
    tag: tagScope ? row.tag.trim() : null,
    rights: { ...row.rights },
  };
}

/** The 1-based row a server message names (`privileges[1].camera_id: ...` → 2), or null. */
export function rowOfServerMessage(message: string | null): number | null {
  const match = message === null ? null : /privileges\[(\d+)\]/.exec(message);
  return match ? Number(match[1]) + 1 : null;
}
