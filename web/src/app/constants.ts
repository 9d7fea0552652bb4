/** Business constants of the shell (spec 01 §9). */

export const APP_VERSION: string = __APP_VERSION__;
export const APP_ID_HEADER_VALUE = `portal/${APP_VERSION}`;

/** Shard used for the API base path until the real one is known. */
export const DEFAULT_SHARD_ID = 1;

/** Idle timeout: min_idle_timeout minutes capped at this many ms. */
export const MAX_IDLE_TIMEOUT_MS = 864_000_000;
/** The session-expiry dialog opens this long before the idle timeout and counts it down. */
export const SESSION_WARNING_MS = 30_000;
/** User activity (mouse, keyboard, touch) is registered at most this often. */
export const ACTIVITY_THROTTLE_MS = 500;
/** Keep-alive interval by idle timeout: ≤ 60 s → 10 s, ≤ 300 s → 30 s, else 60 s. */
export const KEEP_ALIVE_STEPS: ReadonlyArray<{ maxTimeoutMs: number; intervalMs: number }> = [
  { maxTimeoutMs: 60_000, intervalMs: 10_000 },
  { maxTimeoutMs: 300_000, intervalMs: 30_000 },
];
export const KEEP_ALIVE_DEFAULT_INTERVAL_MS = 60_000;

/** Below this width the side navigation starts closed. */
export const MOBILE_BREAKPOINT_PX = 800;

/** Organization-switch failure toast. */
export const ORG_SWITCH_TOAST_MS = 6_000;

/** How often the service worker is asked to look for a new version (it also looks when the tab becomes visible). */
export const SW_UPDATE_CHECK_MS = 60 * 60 * 1000;
/** 'Refresh page' reloads when the new worker controls the page, or after this long if it does not (app/applyUpdate.ts). */
export const UPDATE_RELOAD_FALLBACK_MS = 3_000;

export const PREFERENCES_STORAGE_KEY = 'mki-preferences';
