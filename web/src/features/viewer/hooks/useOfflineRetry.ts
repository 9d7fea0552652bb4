import { useEffect } from 'react';
import { LIVE_OFFLINE_RETRY_MS } from '../constants';
import type { VideoStatus } from './useVideoStatus';

/**
 * Live video that the server reports offline (a camera reconnecting, or not streaming yet right after start) is
 * retried every LIVE_OFFLINE_RETRY_MS by recreating the player, so the picture comes back without a page reload.
 */
export function useOfflineRetry(status: VideoStatus, live: boolean, reload: () => void): void {
  useEffect(() => {
    if (!live || status !== 'offline') return;
    const timer = setTimeout(reload, LIVE_OFFLINE_RETRY_MS);
    return () => clearTimeout(timer);
  }, [status, live, reload]);
}
