import { useEffect, useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { EXPORT_POLL_MS } from '../constants';
import { isActive } from '../displayStatus';
import { type ExportJob, exportsApi } from '../exportsApi';

/**
 * While any of `jobs` is queued, scheduled or running, asks for those jobs by id every 5 s (spec 03 §7, §9); the
 * answers update the cached lists in place (`getExportJobsByIds`). Returns when the last poll answered.
 */
export function useExportPolling(networkId: number, jobs: readonly ExportJob[]): number | undefined {
  const dispatch = useAppDispatch();
  const [lastPolledMs, setLastPolledMs] = useState<number>();
  const activeIds = jobs
    .filter(isActive)
    .map((job) => job.id)
    .join(',');

  useEffect(() => {
    if (!activeIds) return;
    const jobIds = activeIds.split(',').map(Number);
    const timer = window.setInterval(() => {
      const request = dispatch(
        exportsApi.endpoints.getExportJobsByIds.initiate({ networkId, jobIds }, { subscribe: false, forceRefetch: true }),
      );
      request.unwrap().then(
        () => setLastPolledMs(Date.now()),
        () => undefined, // the next poll tries again
      );
    }, EXPORT_POLL_MS);
    return () => window.clearInterval(timer);
  }, [dispatch, networkId, activeIds]);

  return lastPolledMs;
}
