import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { autoRefreshUrl, WALL_REFRESH_MS } from '../model/rotation';
import { assignLocation } from './assignLocation';
import type { WallCycle } from './useWallCycle';

/**
 * Auto-refresh (spec 02 §4): with `enabled` (flag has_video_wall_auto_refresh) the page reloads `afterMs` (3 hours)
 * after it opened, to the same address; a running cycle is written back with its ids, duration and autostart=true,
 * so the rotation resumes. Moving between walls does not restart the clock.
 */
export function useAutoRefresh(enabled: boolean, cycle: Pick<WallCycle, 'active' | 'params' | 'durationS'>, afterMs = WALL_REFRESH_MS) {
  const location = useLocation();
  const latest = useRef({ location, cycle });
  latest.current = { location, cycle };

  useEffect(() => {
    if (!enabled) return undefined;
    const timer = setTimeout(() => {
      const { location: now, cycle: running } = latest.current;
      const keep = running.active ? { ...running.params, duration: running.durationS, autostart: true } : null;
      assignLocation(autoRefreshUrl(now, keep));
    }, afterMs);
    return () => clearTimeout(timer);
  }, [enabled, afterMs]);
}
