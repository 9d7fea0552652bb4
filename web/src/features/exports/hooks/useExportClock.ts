import { useCurrentNetwork } from '../../auth/hooks';
import { usePreference } from '../../preferences';
import { useNow } from '../../timeline/hooks/useNow';
import { resolveTimeZone, type TimeMode } from '../../timeline/timeFormat';

/** How the page shows times: the network's zone (else the browser's), the user's 12/24-hour mode, and the time now. */
export interface ExportClock {
  timeZone: string;
  timeMode: TimeMode;
  /** Refreshed every minute (expiry and queue waits). */
  nowMs: number;
}

export function useExportClock(): ExportClock {
  const timeZone = resolveTimeZone(useCurrentNetwork()?.timezone);
  const timeMode = usePreference('timeMode');
  const nowMs = useNow(60_000);
  return { timeZone, timeMode, nowMs };
}
