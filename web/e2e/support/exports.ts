import type { BrowserContext } from 'playwright-core';
import { type ApiAvailability, apiGet } from './api';
import type { Argusd } from './argusd';
import { eventually } from './wait';

/** An export job as GET …/manage/dashboard/job_data answers it (the fields the specs read). */
export interface ApiJob {
  id: number;
  type: 'VideoExportJob' | 'VideoConcatenationJob';
  export_state: string;
  file_bytes: number | null;
  export_sha256: string | null;
  t0: number;
  t1: number;
  camera_name: string;
  filename: string;
  scheduledForTs?: number;
}

/** Waits until the camera's recorded ranges cover [now - fromAgoS, now - toAgoS] (camsim needs some seconds). */
export async function waitForRecording(
  context: BrowserContext,
  server: Argusd,
  networkId: number,
  cameraId: number,
  fromAgoS: number,
  toAgoS: number,
  timeoutMs = 120_000,
): Promise<void> {
  await eventually(
    () => {
      const now = Date.now();
      return apiGet<ApiAvailability>(
        context,
        server.baseUrl,
        `/n/${networkId}/manage/vision/cameras/${cameraId}/availability?t0=${now - 3_600_000}&t1=${now + 60_000}`,
      ).then((answer) => ({ now, ranges: answer.camera }));
    },
    ({ now, ranges }) => ranges.some(([start, end]) => start <= now - fromAgoS * 1000 && end >= now - toAgoS * 1000),
    `camera ${cameraId} recorded from ${fromAgoS} s to ${toAgoS} s ago`,
    timeoutMs,
  );
}

/** One job by id, as the exports page polls it. */
export async function fetchJob(context: BrowserContext, server: Argusd, networkId: number, jobId: number): Promise<ApiJob> {
  const { jobs } = await apiGet<{ jobs: ApiJob[] }>(
    context,
    server.baseUrl,
    `/n/${networkId}/manage/dashboard/job_data?job_ids=${jobId}&job_action=fetch`,
  );
  if (!jobs[0]) throw new Error(`export ${jobId} is not listed`);
  return jobs[0];
}

/** Waits until the job reaches `state` (export_state), failing early on an error state. */
export async function waitForJobState(
  context: BrowserContext,
  server: Argusd,
  networkId: number,
  jobId: number,
  state: string,
  timeoutMs: number,
): Promise<ApiJob> {
  return eventually(
    () => fetchJob(context, server, networkId, jobId),
    (job) => {
      if (job.export_state !== state && /error/.test(job.export_state))
        throw new Error(`export ${jobId} failed: ${JSON.stringify(job)}`);
      return job.export_state === state;
    },
    `export ${jobId} reaches '${state}'`,
    timeoutMs,
  );
}
