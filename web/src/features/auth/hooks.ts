import { useMatch } from 'react-router-dom';
import type { Network, NetworkPermissions, User } from '../../api/types';
import { useAppSelector } from '../../app/hooks';
import { fullPermissions, parseNetworkId } from './permissions';

export function useCurrentUser(): User | null {
  return useAppSelector((state) => state.auth.user);
}

/** The digits-only network id of the current `/n/:networkId/...` route, if any. */
export function useCurrentNetworkId(): number | undefined {
  const match = useMatch('/n/:networkId/*');
  return parseNetworkId(match?.params.networkId);
}

export function useNetworks(): Network[] {
  return useAppSelector((state) => state.auth.networks);
}

export function useCurrentNetwork(): Network | undefined {
  const networkId = useCurrentNetworkId();
  const networks = useNetworks();
  return networks.find((network) => network.id === networkId);
}

/**
 * The user's rights on a network: from the bundle (non-administrators) or the network context (administrators).
 * Undefined while an administrator's network context is loading; all rights when no data exists.
 */
export function useNetworkPermissions(networkId: number | undefined): NetworkPermissions | undefined {
  const user = useAppSelector((state) => state.auth.user);
  const stored = useAppSelector((state) =>
    networkId === undefined ? undefined : state.auth.permissions[networkId],
  );
  const contextStatus = useAppSelector((state) =>
    networkId === undefined ? undefined : state.auth.networkContexts[networkId],
  );
  if (networkId === undefined || !user) return undefined;
  if (stored) return stored;
  if (user.is_admin && contextStatus !== 'failed') return undefined;
  return fullPermissions(networkId, user);
}

/** Whether a feature flag (nfo) is on for the organization or for the given network. */
export function useNfo(feature: string, networkId?: number): boolean {
  return useAppSelector((state) =>
    state.auth.nfos.some(
      (nfo) =>
        nfo.feature === feature &&
        nfo.enabled &&
        (nfo.org_wide || (networkId !== undefined && nfo.network_ids.includes(networkId))),
    ),
  );
}
