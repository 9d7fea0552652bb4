import type { Camera } from '../../../api/types';
import type { TimeRange } from '../../../components/timePicker';
import { DEFAULT_EXPORT_RANGE_MS } from '../constants';
import type { ExportInput } from '../exportsApi';
import { isValidFilename } from '../filename';

/** The camera drawer's create form. */
export interface ExportForm {
  /** Optional; the server names the file after the camera and the start when empty. */
  filename: string;
  range: TimeRange | null;
  /** When the export runs (ms); null: now (the schedule picker's default). */
  scheduleMs: number | null;
}

/** The drawer's range as it opens: the last 10 minutes, to the second (spec 03 §5, §9). */
export function defaultExportRange(nowMs: number): TimeRange {
  const endMs = Math.floor(nowMs / 1000) * 1000;
  return { startMs: endMs - DEFAULT_EXPORT_RANGE_MS, endMs };
}

/**
 * Create is enabled only with a start, an end after it, a schedule time (now when none was picked), a camera and a
 * valid filename (spec 03 §5).
 */
export function canCreateExport(form: ExportForm, camera: Camera | null | undefined): boolean {
  const { range } = form;
  return (
    Boolean(camera) &&
    range !== null &&
    Math.floor(range.endMs / 1000) > Math.floor(range.startMs / 1000) &&
    isValidFilename(form.filename.trim())
  );
}

/**
 * POST .../video/export's body: t0/t1 in UNIX seconds, scheduledForTs in UNIX ms (a schedule already passed while the
 * form stayed open runs now), the filename when one was typed.
 */
export function exportInput(camera: Camera, form: ExportForm & { range: TimeRange }, nowMs: number): ExportInput {
  const filename = form.filename.trim();
  return {
    video_channel_id: camera.channel.id,
    t0: Math.floor(form.range.startMs / 1000),
    t1: Math.floor(form.range.endMs / 1000),
    scheduledForTs: Math.max(Math.round(form.scheduleMs ?? nowMs), nowMs),
    ...(filename ? { filename } : {}),
  };
}
