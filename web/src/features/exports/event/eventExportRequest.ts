import type { Camera } from '../../../api/types';
import type { ExportInput } from '../exportsApi';

/**
 * POST .../video/export's body for an event's recorded range (UNIX seconds): from the second the event starts to the
 * second after it ends, at least 1 s long; to run now (`scheduledForTs` in ms); no filename, so the server names the
 * file after the camera and the start.
 */
export function eventExportInput(camera: Camera, startS: number, endS: number, nowMs: number): ExportInput {
  const t0 = Math.floor(startS);
  return {
    video_channel_id: camera.channel.id,
    t0,
    t1: Math.max(Math.ceil(endS), t0 + 1),
    scheduledForTs: Math.round(nowMs),
  };
}
