import { describe, expect, it } from 'vitest';
import type { ExportJob } from './exportsApi';
import { editableFilename, filenameEditOutcome, isValidFilename } from './filename';
import { type JobActionRules, jobActions, mayChangeJob } from './jobActions';
import { activeJob, makeJob, NOW_MS, USER } from './test/exportFixtures';

const rules: JobActionRules = { mayChange: true, queueJumping: true, linkCreationHidden: false, nowMs: NOW_MS };
const failed = (exportState: 'error' | 'user_friendly_error') =>
  makeJob(1, { status: 'failed', state: 'failed', export_state: exportState, download_url: null, quick_url: null });
const cancelled = makeJob(1, { status: 'cancelled', state: 'cancelled', export_state: 'cancelled', download_url: null, quick_url: null });
const actions = (job: ExportJob, changes: Partial<JobActionRules> = {}) => jobActions(job, { ...rules, ...changes });

describe('job actions (spec 03 §4 "Job actions", §6)', () => {
  it('a finished file can be played, linked, downloaded, its checksum copied, renamed and deleted; not cancelled or retried', () => {
    expect(actions(makeJob(1))).toEqual({
      play: true,
      copyLink: true,
      download: true,
      copyChecksum: true,
      rename: true,
      cancel: false,
      retry: false,
      startNow: false,
      delete: true,
    });
  });

  it('an expired file, or one without quick_url, cannot be played', () => {
    expect(actions(makeJob(1, { expired: true, export_expiration_date: new Date(NOW_MS - 1).toISOString() })).play).toBe(false);
    expect(actions(makeJob(1, { quick_url: null })).play).toBe(false);
    expect(actions(makeJob(1, { expired: true })).download).toBe(false);
  });

  it('the link is hidden with has_camera_link_creation_ui_hidden', () => {
    expect(actions(makeJob(1), { linkCreationHidden: true }).copyLink).toBe(false);
  });

  it('queued, scheduled and running jobs can be cancelled, unless cancellation is already requested', () => {
    expect(actions(activeJob(1, 'queued')).cancel).toBe(true);
    expect(actions(activeJob(1, 'scheduled')).cancel).toBe(true);
    expect(actions(activeJob(1, 'running')).cancel).toBe(true);
    expect(actions(activeJob(1, 'running', { isRequestingCancellation: true })).cancel).toBe(false);
    expect(actions(cancelled).cancel).toBe(false);
  });

  it('error, user_friendly_error and cancelled jobs can be retried; others not', () => {
    expect(actions(failed('error')).retry).toBe(true);
    expect(actions(failed('user_friendly_error')).retry).toBe(true);
    expect(actions(cancelled).retry).toBe(true);
    expect(actions(activeJob(1, 'running')).retry).toBe(false);
    expect(actions(makeJob(1)).retry).toBe(false);
  });

  it('start now: scheduled, not combined, not force-started, with has_camera_export_queue_jumping', () => {
    const scheduled = activeJob(1, 'scheduled');
    expect(actions(scheduled).startNow).toBe(true);
    expect(actions(scheduled, { queueJumping: false }).startNow).toBe(false);
    expect(actions({ ...scheduled, type: 'VideoConcatenationJob' }).startNow).toBe(false);
    expect(actions({ ...scheduled, export_force_started_at: new Date(NOW_MS).toISOString() }).startNow).toBe(false);
    expect(actions(activeJob(1, 'queued')).startNow).toBe(false);
  });

  it('without the right to change a job only viewing actions remain', () => {
    const seen = actions(makeJob(1), { mayChange: false });
    expect(seen).toMatchObject({ play: true, download: true, copyChecksum: true, copyLink: false, rename: false, delete: false });
    expect(actions(failed('error'), { mayChange: false }).retry).toBe(false);
    expect(actions(activeJob(1, 'queued'), { mayChange: false }).cancel).toBe(false);
  });

  it('a job is changed by its creator or a network administrator (write right)', () => {
    expect(mayChangeJob(makeJob(1), USER.id, false)).toBe(true);
    expect(mayChangeJob(makeJob(1, { user: { id: 999, name: 'Other' } }), USER.id, false)).toBe(false);
    expect(mayChangeJob(makeJob(1, { user: { id: 999, name: 'Other' } }), USER.id, true)).toBe(true);
    expect(mayChangeJob(makeJob(1, { user: { id: null, name: 'Deleted user' } }), undefined, false)).toBe(false);
  });
});

describe('filename rule (spec 03 §4 "Filename edit", §5)', () => {
  it('allows letters, numbers, spaces and - _ . only', () => {
    expect(isValidFilename('Lobby 2025-03-04_front.v2')).toBe(true);
    expect(isValidFilename('')).toBe(true);
    for (const bad of ['a/b', 'x:y', 'café', 'a*b', 'name!']) expect(isValidFilename(bad)).toBe(false);
  });

  it("edits without '.mp4'", () => {
    expect(editableFilename('Lobby clip.mp4')).toBe('Lobby clip');
    expect(editableFilename('Lobby clip.MP4')).toBe('Lobby clip');
    expect(editableFilename('Lobby mp4')).toBe('Lobby mp4');
  });

  it('asks to rename only for a valid, non-empty, changed name', () => {
    expect(filenameEditOutcome('New name', 'Lobby clip.mp4')).toBe('confirm');
    expect(filenameEditOutcome('Lobby clip', 'Lobby clip.mp4')).toBe('discard');
    expect(filenameEditOutcome('  Lobby clip ', 'Lobby clip.mp4')).toBe('discard');
    expect(filenameEditOutcome('   ', 'Lobby clip.mp4')).toBe('discard');
    expect(filenameEditOutcome('bad/name', 'Lobby clip.mp4')).toBe('discard');
  });
});
