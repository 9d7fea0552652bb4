import { EXPIRING_SOON_MS, QUEUED_DELAYED_MS } from './constants';
import type { ExportJob } from './exportsApi';

/**
 * What a job shows (spec 03 §4 "Export job display status"), the first that holds in this order. `resumed` has no
 * field in the contract (docs/api/openapi.yaml ExportJob): it is read from an `export_status` of 'resumed', which
 * today's server never answers. Likewise `expiringSoon` comes after `finished`, so a complete file about to expire
 * is `finished`; `isExpiringSoon` tells the table and the drawer to say so beside the status.
 */
export const EXPORT_STATUS_ORDER = [
  'failed',
  'error',
  'cancelling',
  'cancelled',
  'paused',
  'resumed',
  'frozen',
  'finished',
  'pending',
  'expiringSoon',
  'queued',
  'running',
] as const;
export type ExportStatusKind = (typeof EXPORT_STATUS_ORDER)[number];

/** Keys (namespace `exports`) of the spec's labels, e.g. `status-complete` is 'Export complete'. */
export type ExportStatusLabelKey =
  | 'status-cancelling'
  | 'status-cancelled'
  | 'status-complete'
  | 'status-failed'
  | 'status-frozen'
  | 'status-paused'
  | 'status-pending'
  | 'status-running'
  | 'status-queued'
  | 'status-queued-delayed'
  | 'status-resumed'
  | 'status-scheduled'
  | 'status-unknown';

type Job = Partial<ExportJob>;

const ERROR_STATES: ReadonlySet<string> = new Set(['error', 'user_friendly_error']);
const WAITING_STATES: ReadonlySet<string> = new Set(['queued', 'scheduled']);

function timeMs(iso: string | null | undefined): number | undefined {
  const ms = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(ms) ? undefined : ms;
}

const isFailed = (job: Job) => job.status === 'failed' || job.state === 'failed';
const isCancelled = (job: Job) => job.export_state === 'cancelled' || job.state === 'cancelled';
/** Finished means complete or failed. */
export const isFinished = (job: Job) => isFailed(job) || job.export_state === 'complete' || job.state === 'complete';
/** Successful means complete with a download URL. */
export const isSuccessful = (job: Job) => job.export_state === 'complete' && Boolean(job.download_url);

/** The file is deleted in fewer than 7 days (and not yet). */
export function isExpiringSoon(job: Job, nowMs: number): boolean {
  const expiresMs = timeMs(job.export_expiration_date);
  return expiresMs !== undefined && expiresMs > nowMs && expiresMs - nowMs < EXPIRING_SOON_MS;
}

/** The file's time is over (the server says so, or its expiration date passed). */
export function isExpired(job: Job, nowMs: number): boolean {
  const expiresMs = timeMs(job.export_expiration_date);
  return Boolean(job.expired) || (expiresMs !== undefined && expiresMs <= nowMs);
}

/** Still to be done: queued, scheduled, running or without a state yet (polling runs while any job is). */
export function isActive(job: Job): boolean {
  return !job.export_state || WAITING_STATES.has(job.export_state) || job.export_state === 'running';
}

export function exportStatusKind(job: Job, nowMs: number): ExportStatusKind {
  if (isFailed(job)) return 'failed';
  if (job.export_state && ERROR_STATES.has(job.export_state)) return 'error';
  if (job.isRequestingCancellation && !isFinished(job)) return 'cancelling';
  if (isCancelled(job)) return 'cancelled';
  if (job.export_paused) return 'paused';
  if ((job.export_status as string | undefined) === 'resumed') return 'resumed';
  if (job.frozen) return 'frozen';
  if (isFinished(job)) return 'finished';
  if (!job.export_state) return 'pending';
  if (isExpiringSoon(job, nowMs)) return 'expiringSoon';
  if (WAITING_STATES.has(job.export_state)) return 'queued';
  return 'running';
}

/** A queued job waits since it was due (its schedule, else its creation): over an hour is a long wait. */
export function isQueueDelayed(job: Job, nowMs: number): boolean {
  const waitingSinceMs = Math.max(timeMs(job.created_at) ?? -Infinity, timeMs(job.scheduled_for_time) ?? -Infinity);
  return Number.isFinite(waitingSinceMs) && nowMs - waitingSinceMs > QUEUED_DELAYED_MS;
}

export function exportStatusLabelKey(job: Job, nowMs: number): ExportStatusLabelKey {
  switch (exportStatusKind(job, nowMs)) {
    case 'failed':
    case 'error':
      return 'status-failed';
    case 'cancelling':
      return 'status-cancelling';
    case 'cancelled':
      return 'status-cancelled';
    case 'paused':
      return 'status-paused';
    case 'resumed':
      return 'status-resumed';
    case 'frozen':
      return 'status-frozen';
    case 'finished':
    case 'expiringSoon':
      return 'status-complete';
    case 'pending':
      return 'status-pending';
    case 'queued':
      if (job.export_state === 'scheduled') return 'status-scheduled';
      return isQueueDelayed(job, nowMs) ? 'status-queued-delayed' : 'status-queued';
    case 'running':
      return job.export_state === 'running' ? 'status-running' : 'status-unknown';
  }
}

/** The progress circle shows while the video is processed. */
export function showsProgress(job: Job, nowMs: number): boolean {
  return exportStatusKind(job, nowMs) === 'running' && job.export_state === 'running';
}

/**
 * The failure text a user may act on: the server's message only when export_state is user_friendly_error; null
 * otherwise (the page shows 'Unexpected error, please contact support.').
 */
export function friendlyError(job: Job): string | null {
  return job.export_state === 'user_friendly_error' && job.error ? job.error : null;
}
