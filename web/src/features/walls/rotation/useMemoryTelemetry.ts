import { useEffect, useRef } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { APP_VERSION } from '../../../app/constants';
import { MEMORY_REPORT_MS } from '../model/rotation';
import { buildMemoryReport, readHeapMemory } from './memoryTelemetry';
import { memoryTelemetryApi } from './memoryTelemetryApi';

export interface MemoryTelemetryState {
  videoWallId: number;
  isRotating: boolean;
  orgId: number | null;
  networkId: number;
  userId: number | null;
}

/**
 * Memory telemetry (spec 02 §7): with `enabled` (flag has_camera_memory_telemetry), while the wall page is open, one
 * report every MEMORY_REPORT_MS, the first after one period. The clock runs from the page's opening, not per wall
 * (a rotation changes walls far more often). Browsers without `performance.memory` send nothing. Fire and forget:
 * a refusal (e.g. 429) is logged at debug level only.
 */
export function useMemoryTelemetry(enabled: boolean, state: MemoryTelemetryState, periodMs = MEMORY_REPORT_MS) {
  const dispatch = useAppDispatch();
  const latest = useRef(state);
  latest.current = state;

  useEffect(() => {
    if (!enabled) return undefined;
    const timer = setInterval(() => {
      const report = buildMemoryReport({
        ...latest.current,
        userAgent: navigator.userAgent,
        appVersion: APP_VERSION,
        memory: readHeapMemory(),
        snapshotTime: Date.now(),
        isFullscreen: document.fullscreenElement != null,
      });
      if (!report) return;
      const request = dispatch(memoryTelemetryApi.endpoints.sendClientMemoryTelemetry.initiate(report));
      request
        .unwrap()
        .catch((error: unknown) => console.debug('memory telemetry not sent', error))
        .finally(() => request.reset());
    }, periodMs);
    return () => clearInterval(timer);
  }, [dispatch, enabled, periodMs]);
}
