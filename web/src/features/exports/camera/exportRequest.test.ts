import { describe, expect, it } from 'vitest';
import { makeCamera } from '../../cameras/test/fixtures';
import { canCreateExport, defaultExportRange, exportInput } from './exportRequest';

const NOW_MS = Date.UTC(2025, 2, 6, 20, 0, 0, 750);
const camera = makeCamera(3);
const range = { startMs: NOW_MS - 600_000, endMs: NOW_MS - 1_000 };

describe('camera export request (spec 03 §5, §7)', () => {
  it('starts from the last 10 minutes, to the second', () => {
    const { startMs, endMs } = defaultExportRange(NOW_MS);
    expect(endMs).toBe(Date.UTC(2025, 2, 6, 20, 0, 0));
    expect(endMs - startMs).toBe(600_000);
  });

  it('enables Create only with a range, a camera and a valid (or no) filename', () => {
    const form = { filename: '', range, scheduleMs: null };
    expect(canCreateExport(form, camera)).toBe(true);
    expect(canCreateExport({ ...form, filename: 'Front door - 2025_03_06.v2' }, camera)).toBe(true);
    expect(canCreateExport({ ...form, filename: 'front/door' }, camera)).toBe(false);
    expect(canCreateExport({ ...form, filename: 'café' }, camera)).toBe(false);
    expect(canCreateExport({ ...form, range: null }, camera)).toBe(false);
    expect(canCreateExport({ ...form, range: { startMs: 5_000, endMs: 5_900 } }, camera)).toBe(false);
    expect(canCreateExport(form, null)).toBe(false);
  });

  it('sends t0/t1 in UNIX seconds, the schedule in ms (now when none or passed) and a typed filename only', () => {
    const form = { filename: '  Lobby  ', range: { startMs: 1_741_290_000_400, endMs: 1_741_290_020_900 }, scheduleMs: null };
    expect(exportInput(camera, form, NOW_MS)).toEqual({
      video_channel_id: 30,
      t0: 1_741_290_000,
      t1: 1_741_290_020,
      scheduledForTs: NOW_MS,
      filename: 'Lobby',
    });
    const later = NOW_MS + 3_600_000;
    expect(exportInput(camera, { ...form, filename: ' ', scheduleMs: later }, NOW_MS)).not.toHaveProperty('filename');
    expect(exportInput(camera, { ...form, scheduleMs: later }, NOW_MS).scheduledForTs).toBe(later);
    expect(exportInput(camera, { ...form, scheduleMs: NOW_MS - 60_000 }, NOW_MS).scheduledForTs).toBe(NOW_MS);
  });
});
