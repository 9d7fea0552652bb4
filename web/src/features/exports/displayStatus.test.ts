import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en/exports.json';
import {
  EXPORT_STATUS_ORDER,
  type ExportStatusKind,
  exportStatusKind,
  exportStatusLabelKey,
  friendlyError,
  isActive,
  isExpired,
  isExpiringSoon,
  isQueueDelayed,
  showsProgress,
} from './displayStatus';
import type { ExportJob } from './exportsApi';
import { activeJob, DAY_MS, HOUR_MS, makeJob, NOW_MS } from './test/exportFixtures';

const iso = (ms: number) => new Date(ms).toISOString();
const kind = (job: Partial<ExportJob>) => exportStatusKind(job, NOW_MS);
const label = (job: Partial<ExportJob>) => en[exportStatusLabelKey(job, NOW_MS)];

/** The smallest job for which each status holds on its own. */
const only: Record<ExportStatusKind, Partial<ExportJob>> = {
  failed: { status: 'failed', state: 'failed', export_state: 'queued' },
  error: { status: 'running', state: 'running', export_state: 'error' },
  cancelling: { state: 'running', export_state: 'running', isRequestingCancellation: true },
  cancelled: { state: 'cancelled', export_state: 'cancelled' },
  paused: { state: 'running', export_state: 'running', export_paused: true },
  resumed: { state: 'running', export_state: 'running', export_status: 'resumed' as ExportJob['export_status'] },
  frozen: { state: 'running', export_state: 'running', frozen: true },
  finished: { state: 'complete', export_state: 'complete' },
  pending: { state: 'queued' },
  expiringSoon: { state: 'running', export_state: 'running', export_expiration_date: iso(NOW_MS + DAY_MS) },
  queued: { state: 'queued', export_state: 'queued', created_at: iso(NOW_MS - 60_000) },
  running: { state: 'running', export_state: 'running' },
};

describe('export display status (spec 03 §4)', () => {
  it.each(EXPORT_STATUS_ORDER)('%s holds on its own', (status) => {
    expect(kind(only[status])).toBe(status);
  });

  it('takes the first that holds, in the spec’s order', () => {
    // Each status wins over every later one: the job holds both, the earlier one is shown.
    EXPORT_STATUS_ORDER.forEach((earlier, index) => {
      for (const later of EXPORT_STATUS_ORDER.slice(index + 1)) {
        const both = { ...only[later], ...only[earlier] };
        // `pending` is "no export state": merging a later state in would give it one.
        if (earlier === 'pending') delete both.export_state;
        expect(kind(both), `${earlier} before ${later}`).toBe(earlier);
      }
    });
  });

  it('cancelling needs the job not to be finished: a complete job stays complete', () => {
    expect(kind({ state: 'complete', export_state: 'complete', isRequestingCancellation: true })).toBe('finished');
    expect(kind({ state: 'failed', export_state: 'error', isRequestingCancellation: true })).toBe('failed');
  });

  it('finished is complete or failed; a complete file close to expiry is still finished, flagged as expiring', () => {
    const expiring = makeJob(1, { export_expiration_date: iso(NOW_MS + 6 * DAY_MS) });
    expect(kind(expiring)).toBe('finished');
    expect(isExpiringSoon(expiring, NOW_MS)).toBe(true);
    expect(isExpiringSoon(makeJob(1, { export_expiration_date: iso(NOW_MS + 8 * DAY_MS) }), NOW_MS)).toBe(false);
    expect(isExpiringSoon(makeJob(1, { export_expiration_date: iso(NOW_MS - 1) }), NOW_MS)).toBe(false);
    expect(isExpiringSoon(makeJob(1, { export_expiration_date: null }), NOW_MS)).toBe(false);
  });

  it('a file is expired when the server says so or its date passed', () => {
    expect(isExpired(makeJob(1, { expired: true }), NOW_MS)).toBe(true);
    expect(isExpired(makeJob(1, { export_expiration_date: iso(NOW_MS) }), NOW_MS)).toBe(true);
    expect(isExpired(makeJob(1), NOW_MS)).toBe(false);
  });

  it('labels each status with the spec’s texts', () => {
    expect(label(only.failed)).toBe('Failed');
    expect(label(only.error)).toBe('Failed');
    expect(label(only.cancelling)).toBe('Cancelling');
    expect(label(only.cancelled)).toBe('Cancelled');
    expect(label(only.paused)).toBe('Paused');
    expect(label(only.resumed)).toBe('Resumed');
    expect(label(only.frozen)).toBe('Frozen');
    expect(label(only.finished)).toBe('Export complete');
    expect(label(only.expiringSoon)).toBe('Export complete');
    expect(label(only.pending)).toBe('Pending');
    expect(label(only.queued)).toBe('Queued');
    expect(label(only.running)).toBe('Processing video');
    expect(label({ state: 'queued', export_state: 'scheduled', scheduled_for_time: iso(NOW_MS + HOUR_MS) })).toBe('Scheduled');
    expect(label({ state: 'running', export_state: 'strange' as ExportJob['export_state'] })).toBe('Unknown');
  });

  it("a queued job waiting over an hour is 'Queued (Long wait time)'", () => {
    const queued = (waitedMs: number) => activeJob(1, 'queued', { created_at: iso(NOW_MS - waitedMs), scheduled_for_time: iso(NOW_MS - waitedMs) });
    expect(label(queued(HOUR_MS - 1000))).toBe('Queued');
    expect(label(queued(HOUR_MS + 1000))).toBe('Queued (Long wait time)');
    // A job scheduled for later waits from when it was due, not from when it was made.
    const dueRecently = activeJob(1, 'queued', { created_at: iso(NOW_MS - 5 * HOUR_MS), scheduled_for_time: iso(NOW_MS - 60_000) });
    expect(isQueueDelayed(dueRecently, NOW_MS)).toBe(false);
    expect(label(dueRecently)).toBe('Queued');
  });

  it('shows the progress circle only while the video is processed', () => {
    expect(showsProgress(activeJob(1, 'running'), NOW_MS)).toBe(true);
    expect(showsProgress(activeJob(1, 'running', { isRequestingCancellation: true }), NOW_MS)).toBe(false);
    expect(showsProgress(activeJob(1, 'queued'), NOW_MS)).toBe(false);
    expect(showsProgress(makeJob(1), NOW_MS)).toBe(false);
  });

  it('shows the server’s error only when export_state is user_friendly_error', () => {
    const friendly = makeJob(1, { status: 'failed', state: 'failed', export_state: 'user_friendly_error', error: 'Clips differ in format' });
    expect(friendlyError(friendly)).toBe('Clips differ in format');
    expect(friendlyError({ ...friendly, export_state: 'error', error: 'segfault in muxer' })).toBeNull();
    expect(friendlyError({ ...friendly, error: null })).toBeNull();
    expect(en['unexpected-error']).toBe('Unexpected error, please contact support.');
  });

  it('jobs queued, scheduled, running or without a state are active (polled)', () => {
    expect(isActive(activeJob(1, 'queued'))).toBe(true);
    expect(isActive(activeJob(1, 'scheduled'))).toBe(true);
    expect(isActive(activeJob(1, 'running'))).toBe(true);
    expect(isActive({ state: 'queued' })).toBe(true);
    expect(isActive(makeJob(1))).toBe(false);
    expect(isActive(makeJob(1, { state: 'failed', export_state: 'error' }))).toBe(false);
    expect(isActive(makeJob(1, { state: 'cancelled', export_state: 'cancelled' }))).toBe(false);
  });
});
