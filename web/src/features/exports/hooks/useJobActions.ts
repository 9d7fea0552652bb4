import { useCallback } from 'react';
import { useCurrentUser, useNetworkPermissions, useNfo } from '../../auth/hooks';
import { LINK_CREATION_HIDDEN_FLAG, QUEUE_JUMPING_FLAG } from '../constants';
import type { ExportJob } from '../exportsApi';
import { type JobActions, jobActions, mayChangeJob } from '../jobActions';

/** The actions each job offers the signed-in user on this network (rights, feature flags, the time now). */
export function useJobActions(networkId: number, nowMs: number): (job: ExportJob) => JobActions {
  const userId = useCurrentUser()?.id;
  const networkWrite = Boolean(useNetworkPermissions(networkId)?.write);
  const queueJumping = useNfo(QUEUE_JUMPING_FLAG, networkId);
  const linkCreationHidden = useNfo(LINK_CREATION_HIDDEN_FLAG, networkId);
  return useCallback(
    (job: ExportJob) =>
      jobActions(job, { mayChange: mayChangeJob(job, userId, networkWrite), queueJumping, linkCreationHidden, nowMs }),
    [userId, networkWrite, queueJumping, linkCreationHidden, nowMs],
  );
}
