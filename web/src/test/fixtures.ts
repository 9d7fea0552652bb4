import type { Env, Network, NetworkPermissions, Nfo, Organization, OrganizationBundle, User } from '../api/types';

export const organizations: Organization[] = [
  { id: 10, eid: 'org-acme', name: 'Acme Security', shard_id: 1 },
  { id: 11, eid: 'org-beta', name: 'Beta Retail', shard_id: 2 },
  { id: 12, eid: 'org-gamma', name: 'gamma Logistics', shard_id: 3 },
];

export const adminUser: User = {
  id: 100,
  org_id: 10,
  name: 'Ada Admin',
  email: 'ada@acme.test',
  is_admin: true,
  is_org_write_admin: true,
  min_idle_timeout: 30,
  shard_id: 1,
  admin_permissions_hash: {},
};

export const viewerUser: User = {
  ...adminUser,
  id: 101,
  name: 'Victor Viewer',
  email: 'victor@acme.test',
  is_admin: false,
  is_org_write_admin: false,
};

export const env: Env = {
  manage_url: 'https://manage.argus.test/dashboard',
  google_maps_api_key: '',
  google_maps_client_id: '',
  app_version: '0.1.0',
  shard_id: 1,
  organization: organizations[0],
};

function network(id: number, name: string): Network {
  return {
    id,
    eid: `net-${id}`,
    name,
    organization_id: 10,
    timezone: 'America/Los_Angeles',
    tags: [],
    locale_id: `loc-${id}`,
    local_lanname: '',
    node_group_id: id,
    shard_id: 1,
  };
}

export const networks: Network[] = [network(5, 'Warehouse'), network(6, 'Head Office'), network(7, 'north Depot')];

export const nfos: Nfo[] = [{ feature: 'has_camera_tetris', enabled: true, org_wide: true, network_ids: [] }];

export function permissionsFor(networkId: number, overrides: Partial<NetworkPermissions> = {}): NetworkPermissions {
  return {
    network_id: networkId,
    read: true,
    write: false,
    export: true,
    historical: true,
    live: true,
    events: true,
    is_monitor_only_admin: false,
    ...overrides,
  };
}

export const bundle: OrganizationBundle = {
  env,
  nfos,
  networks,
  shard_features: [],
  user: viewerUser,
  permissions: Object.fromEntries(networks.map((n) => [String(n.id), permissionsFor(n.id)])),
};
