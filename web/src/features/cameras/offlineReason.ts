import type { TFunction } from 'i18next';
import type { Camera } from '../../api/types';

/** Why a camera is offline (docs/api/openapi.yaml Camera.offline_reason). */
export type OfflineReason = NonNullable<Camera['offline_reason']>;

/** A camera's offline state as the API or the live feed says it: the reason and since when (UTC ms), either unknown. */
export interface OfflineState {
  reason: OfflineReason | null;
  sinceMs: number | null;
}

const REASONS: ReadonlySet<string> = new Set<OfflineReason>([
  'no_source',
  'connecting',
  'connection_refused',
  'unreachable',
  'authentication_failed',
  'no_video',
  'unsupported_video',
  'stream_error',
]);

/** Reasons that read wrong with a time: nothing configured, and argusd's first attempt after a start or a change. */
const WITHOUT_TIME: ReadonlySet<OfflineReason> = new Set<OfflineReason>(['no_source', 'connecting']);

/** Whether `value` is a reason this portal knows (an older or newer server may send null or another word). */
export function isOfflineReason(value: unknown): value is OfflineReason {
  return typeof value === 'string' && REASONS.has(value);
}

/** The camera's own offline state from its JSON (null fields while it is active). */
export function cameraOfflineState(camera: Pick<Camera, 'offline_reason' | 'offline_since_ms'>): OfflineState {
  return {
    reason: isOfflineReason(camera.offline_reason) ? camera.offline_reason : null,
    sinceMs: typeof camera.offline_since_ms === 'number' ? camera.offline_since_ms : null,
  };
}

/**
 * What to tell the user ('Connection refused since 14:02', 'No video source configured', 'Offline'); `formatTime` shows
 * the since time as the portal shows times (network zone, time mode). `t` is the `cameras` namespace.
 */
export function offlineText(t: TFunction, state: OfflineState, formatTime: (ms: number) => string): string {
  const reason = isOfflineReason(state.reason) ? state.reason : null;
  const text = reason ? t(`offline-reason-${reason}`) : t('offline');
  if (state.sinceMs === null || (reason && WITHOUT_TIME.has(reason))) return text;
  return t('offline-since', { reason: text, time: formatTime(state.sinceMs) });
}
