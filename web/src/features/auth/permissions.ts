import type { NetworkPermissions, User } from '../../api/types';

/** All rights: what a user has on a network when no permission data exists (spec 01 §6). */
export function fullPermissions(networkId: number, user: User | null): NetworkPermissions {
  return {
    network_id: networkId,
    read: true,
    write: true,
    export: true,
    historical: true,
    live: true,
    events: true,
    is_monitor_only_admin: isMonitorOnlyAdmin(user, networkId),
  };
}

export function isMonitorOnlyAdmin(user: User | null, networkId: number): boolean {
  return Boolean(user?.admin_permissions_hash[String(networkId)]?.is_monitor_only_admin);
}

export function isAdmin(user: User | null): boolean {
  return Boolean(user && (user.is_admin || user.is_org_write_admin));
}

/** Digits-only network id of a path segment, else undefined. */
export function parseNetworkId(segment: string | undefined): number | undefined {
  return segment !== undefined && /^\d+$/.test(segment) ? Number(segment) : undefined;
}
