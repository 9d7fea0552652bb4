import { useCallback, useMemo } from 'react';
import { useCurrentUser } from '../../auth/hooks';
import { forgetLastViewedWall, readLastViewedWall, writeLastViewedWall } from '../model/lastViewedWall';

export interface LastViewedWall {
  lastViewedWallId: number | null;
  rememberWall: (wallId: number) => void;
  /** Drops the stored wall (it is no longer listed), so the index does not send the user back to it. */
  forgetWall: () => void;
}

/** The last viewed wall of the user's organization and this network, kept in local storage. */
export function useLastViewedWall(networkId: number): LastViewedWall {
  const orgId = useCurrentUser()?.org_id;
  const lastViewedWallId = useMemo(
    () => (orgId == null ? null : readLastViewedWall(orgId, networkId)),
    [orgId, networkId],
  );
  const rememberWall = useCallback(
    (wallId: number) => {
      if (orgId != null) writeLastViewedWall(orgId, networkId, wallId);
    },
    [orgId, networkId],
  );
  const forgetWall = useCallback(() => {
    if (orgId != null) forgetLastViewedWall(orgId, networkId);
  }, [orgId, networkId]);
  return { lastViewedWallId, rememberWall, forgetWall };
}
