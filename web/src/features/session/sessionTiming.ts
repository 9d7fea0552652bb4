import {
  KEEP_ALIVE_DEFAULT_INTERVAL_MS,
  KEEP_ALIVE_STEPS,
  MAX_IDLE_TIMEOUT_MS,
  SESSION_WARNING_MS,
} from '../../app/constants';

/** The user's idle timeout in ms: min_idle_timeout minutes, capped. */
export function idleTimeoutMs(minIdleTimeoutMinutes: number): number {
  return Math.min(Math.max(0, minIdleTimeoutMinutes) * 60_000, MAX_IDLE_TIMEOUT_MS);
}

/** When the session-expiry dialog opens after the last activity. */
export function warningDelayMs(timeoutMs: number): number {
  return Math.max(0, timeoutMs - SESSION_WARNING_MS);
}

export function keepAliveIntervalMs(timeoutMs: number): number {
  return KEEP_ALIVE_STEPS.find((step) => timeoutMs <= step.maxTimeoutMs)?.intervalMs ?? KEEP_ALIVE_DEFAULT_INTERVAL_MS;
}

export function isVideoWallPath(pathname: string): boolean {
  return /\/video-walls(\/|$)/.test(pathname);
}
