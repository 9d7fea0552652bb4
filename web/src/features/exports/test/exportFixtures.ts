import { http } from 'msw';
import type { RootState } from '../../../app/store';
import { nfos, permissionsFor, viewerUser } from '../../../test/fixtures';
import { apiPath, json } from '../../../test/server';
import { signedInState } from '../../../test/state';
import type { ExportJob } from '../exportsApi';

export const NETWORK_ID = 5;
export const ORG_ID = viewerUser.org_id;
/** The signed-in user (a viewer who made the jobs unless a job says otherwise). */
export const USER = viewerUser;
/** 20:00 UTC on Thursday 6 March 2025: noon in the network's zone (America/Los_Angeles, UTC−8). */
export const NOW_MS = Date.UTC(2025, 2, 6, 20, 0, 0);
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

export const jobDataPath = apiPath('/n/:networkId/manage/dashboard/job_data');
const iso = (ms: number) => new Date(ms).toISOString();

/** A complete export of Lobby made `ageMs` before now (its id orders it: higher is newer). */
export function makeJob(id: number, overrides: Partial<ExportJob> = {}): ExportJob {
  const createdMs = NOW_MS - (1000 - id) * 60_000;
  const t0 = Math.floor((createdMs - HOUR_MS) / 1000);
  const base = `/n1/n/${NETWORK_ID}/manage/video_exports/${id}`;
  return {
    id,
    type: 'VideoExportJob',
    user: { id: USER.id, name: USER.name },
    status: 'complete',
    state: 'complete',
    export_state: 'complete',
    export_status: 'complete',
    export_progress: 100,
    export_paused: false,
    export_completed_at: iso(createdMs + 60_000),
    export_cancelled_at: null,
    export_expiration_date: iso(createdMs + 30 * DAY_MS),
    early_expiration_date: null,
    export_sha256: `${String(id).padStart(4, '0')}${'ab'.repeat(30)}`,
    export_force_started_at: null,
    cancellation_requested_at: null,
    isRequestingCancellation: false,
    created_at: iso(createdMs),
    scheduled_for_time: iso(createdMs),
    duration: 600,
    t0,
    t1: t0 + 600,
    frozen: false,
    downloadable: true,
    expired: false,
    file_bytes: 12_400_000,
    error: null,
    quick_url: `${base}/download?disposition=inline`,
    download_url: `${base}/download`,
    manifest_url: `${base}/manifest`,
    share_url: null,
    shared: false,
    streaming_server: null,
    network_id: NETWORK_ID,
    camera_id: 1001,
    video_channel_id: 51001,
    imager_id: 0,
    filename: `Lobby clip ${id}.mp4`,
    name: `Lobby clip ${id}.mp4`,
    camera_name: 'Lobby',
    ...overrides,
  };
}

/** A job still to be done: queued, scheduled or running (with its progress). */
export function activeJob(id: number, exportState: 'queued' | 'scheduled' | 'running', overrides: Partial<ExportJob> = {}): ExportJob {
  const state = exportState === 'running' ? 'running' : 'queued';
  return makeJob(id, {
    status: state,
    state,
    export_state: exportState,
    export_status: exportState,
    export_progress: exportState === 'running' ? 42 : 0,
    export_completed_at: null,
    export_expiration_date: null,
    export_sha256: null,
    downloadable: false,
    file_bytes: null,
    quick_url: null,
    download_url: null,
    manifest_url: null,
    ...overrides,
  });
}

/**
 * GET job_data as the server answers it: newest first, `job_ids`, `video_channel_id`, `search` (filename or camera),
 * the creation range, offset and limit, and the total count. `jobs()` is read on every request, so a test can change the server's jobs.
 */
export function jobDataHandler(jobs: () => readonly ExportJob[]) {
  return http.get(jobDataPath, ({ request }) => {
    const query = new URL(request.url).searchParams;
    const ids = query.get('job_ids')?.split(',').map(Number);
    const channel = query.get('video_channel_id');
    const search = query.get('search')?.toLowerCase();
    const after = Number(query.get('created_after_ms') ?? -Infinity);
    const before = Number(query.get('created_before_ms') ?? Infinity);
    const matching = [...jobs()]
      .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))
      .filter((job) => !ids || ids.includes(job.id))
      .filter((job) => channel === null || job.video_channel_id === Number(channel))
      .filter((job) => !search || `${job.filename} ${job.camera_name}`.toLowerCase().includes(search))
      .filter((job) => Date.parse(job.created_at) >= after && Date.parse(job.created_at) < before);
    const offset = Number(query.get('offset') ?? 0);
    const limit = Number(query.get('limit') ?? 20);
    return json({ jobs: matching.slice(offset, offset + limit), __total_count: matching.length });
  });
}

/** Signed in as the viewer with the export right (and `write` if asked) on network 5, and these feature flags. */
export function exportsState(options: { write?: boolean; flags?: string[] } = {}): Partial<RootState> {
  const state = signedInState(USER, { [NETWORK_ID]: permissionsFor(NETWORK_ID, { write: options.write ?? false }) });
  const flags = (options.flags ?? []).map((feature) => ({ feature, enabled: true, org_wide: true, network_ids: [] }));
  return { ...state, auth: { ...state.auth!, nfos: [...nfos, ...flags] } };
}

export interface ExportWrite {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Answers the export actions (POST .../video/*, .../dashboard/*, the organization's restart/start, GET .../share) and
 * records them in `seen`; `fail` lists path endings refused with `{errors: [message]}`.
 */
export function exportWriteHandlers(seen: ExportWrite[], fail: Record<string, string> = {}) {
  const record = async ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    seen.push({ method: request.method, path: url.pathname.replace(/^\/n1/, ''), body: text ? JSON.parse(text) : undefined });
    const refused = Object.entries(fail).find(([ending]) => url.pathname.endsWith(ending));
    if (refused) return json({ errors: [refused[1]] }, 400);
    if (url.pathname.endsWith('/share')) return json({ share_url: '/n1/exports/shared/12.token' });
    return json({ success: true, ...makeJob(1) });
  };
  return [
    http.post(apiPath('/n/:networkId/manage/video/:action'), record),
    http.post(apiPath('/n/:networkId/manage/dashboard/:action'), record),
    http.post(apiPath('/api/v1/organizations/:orgId/camera/exports/:jobId/:action'), record),
    http.get(apiPath('/n/:networkId/manage/video_exports/:jobId/share'), record),
  ];
}
