import { useEffect } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { camerasApi } from '../camerasApi';
import { mergeCameraUpdates } from '../cameraModel';
import {
  CHANNEL_REFRESH_EVERY,
  CHANNEL_REFRESH_FIELDS,
  STATUS_REFRESH_FIELDS,
  STATUS_REFRESH_INTERVAL_MS,
} from '../constants';

/** `fields=` of the n-th refresh (1-based): every CHANNEL_REFRESH_EVERY-th one also brings the channel. */
export function refreshFields(refreshNumber: number): string {
  return refreshNumber % CHANNEL_REFRESH_EVERY === 0 ? CHANNEL_REFRESH_FIELDS : STATUS_REFRESH_FIELDS;
}

/**
 * Every 30 s fetches the status fields (status, offline reason and time, recording problem; every 120th time the
 * channel too) and merges the answer into the cached camera list, so the list, the map and the camera page update
 * without refetching whole cameras.
 * A failed refresh is dropped; the next one tries again.
 */
export function useCameraStatusRefresh(networkId: number): void {
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (!Number.isInteger(networkId)) return undefined;
    let refreshNumber = 0;
    let cancelled = false;

    const refresh = async (fields: string) => {
      const request = dispatch(
        camerasApi.endpoints.getCameras.initiate({ networkId, fields }, { subscribe: false, forceRefetch: true }),
      );
      try {
        const updates = await request.unwrap();
        if (cancelled) return;
        dispatch(
          camerasApi.util.updateQueryData('getCameras', { networkId }, (draft) => mergeCameraUpdates(draft, updates)),
        );
      } catch {
        // Dropped: the list keeps its last known statuses until the next refresh.
      }
    };

    const timer = window.setInterval(() => {
      refreshNumber += 1;
      void refresh(refreshFields(refreshNumber));
    }, STATUS_REFRESH_INTERVAL_MS);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
    };
  }, [dispatch, networkId]);
}
