import { http, type JsonBodyType } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { apiPath, json, server } from '../../test/server';
import { exportsApi } from './exportsApi';
import { activeJob, exportsState, jobDataHandler, makeJob, NETWORK_ID, ORG_ID } from './test/exportFixtures';

const { endpoints } = exportsApi;

interface Seen {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  csrf: string | null;
}

/** Records every export call and answers `answer` (the job_data answers come from `jobs`). */
function recordCalls(jobs: () => ReturnType<typeof makeJob>[] = () => [], answer: JsonBodyType = makeJob(1)) {
  const seen: Seen[] = [];
  server.events.on('request:start', async ({ request }) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.clone().text();
    seen.push({
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: text ? JSON.parse(text) : undefined,
      csrf: request.headers.get('X-CSRF-Token'),
    });
  });
  server.use(
    jobDataHandler(jobs),
    http.post(apiPath('/n/:networkId/manage/video/:action'), () => json(answer, 201)),
    http.post(apiPath('/n/:networkId/manage/dashboard/:action'), () => json(answer)),
    http.post(apiPath('/api/v1/organizations/:orgId/camera/exports/:jobId/:action'), () => json(answer)),
    http.get(apiPath('/n/:networkId/manage/video_exports/:jobId/share'), () => json({ share_url: '/n1/exports/shared/9.abc' })),
  );
  return seen;
}

const store = () => makeStore(exportsState());

afterEach(() => server.events.removeAllListeners('request:start'));

describe('exports API (spec 03 §7 "Exports")', () => {
  it('lists a page with the filters as job_data query parameters', async () => {
    const seen = recordCalls(() => [makeJob(1), makeJob(2)]);
    const page = await store()
      .dispatch(
        endpoints.getExportJobs.initiate({
          networkId: NETWORK_ID,
          offset: 8,
          limit: 8,
          search: 'lobby',
          createdAfterMs: 1000,
          createdBeforeMs: 2000,
          jobClass: 'VideoConcatenationJob',
        }),
      )
      .unwrap();
    expect(page).toEqual({ jobs: [], __total_count: 0 });
    expect(seen[0]).toMatchObject({
      method: 'GET',
      path: `/n1/n/${NETWORK_ID}/manage/dashboard/job_data`,
      query: {
        offset: '8',
        limit: '8',
        search: 'lobby',
        created_after_ms: '1000',
        created_before_ms: '2000',
        job_class: 'VideoConcatenationJob',
        count_jobs: 'true',
      },
    });
  });

  it('asks for jobs by id with job_action=fetch', async () => {
    const seen = recordCalls(() => [makeJob(1), makeJob(2), makeJob(3)]);
    const jobs = await store().dispatch(endpoints.getExportJobsByIds.initiate({ networkId: NETWORK_ID, jobIds: [3, 1] })).unwrap();
    expect(jobs.map((job) => job.id)).toEqual([3, 1]);
    expect(seen[0].query).toMatchObject({ job_ids: '3,1', job_action: 'fetch' });
  });

  it('polling answers update the cached lists in place; a job no longer answered refreshes them', async () => {
    let jobs = [activeJob(1, 'running'), makeJob(2)];
    const seen = recordCalls(() => jobs);
    const app = store();
    const arg = { networkId: NETWORK_ID, limit: 8, offset: 0 };
    const list = app.dispatch(endpoints.getExportJobs.initiate(arg));
    await list;
    jobs = [makeJob(1, { filename: 'Done.mp4' }), makeJob(2)];
    await app.dispatch(endpoints.getExportJobsByIds.initiate({ networkId: NETWORK_ID, jobIds: [1] })).unwrap();
    const selectList = endpoints.getExportJobs.select(arg);
    const cached = () => selectList(app.getState() as Parameters<typeof selectList>[0]).data?.jobs;
    expect(cached()?.map((job) => [job.id, job.export_state, job.filename])).toEqual([
      [2, 'complete', 'Lobby clip 2.mp4'],
      [1, 'complete', 'Done.mp4'],
    ]);
    const listCalls = () => seen.filter((call) => call.query.job_ids === undefined).length;
    expect(listCalls()).toBe(1);

    jobs = [makeJob(2)];
    await app
      .dispatch(endpoints.getExportJobsByIds.initiate({ networkId: NETWORK_ID, jobIds: [1] }, { forceRefetch: true }))
      .unwrap();
    await expect.poll(listCalls).toBe(2);
    await expect.poll(() => cached()?.map((job) => job.id)).toEqual([2]);
    list.unsubscribe();
  });

  it('create, combine, cancel, delete and rename post their bodies with the CSRF token', async () => {
    const seen = recordCalls();
    const app = store();
    await app.dispatch(endpoints.createExport.initiate({ networkId: NETWORK_ID, input: { video_channel_id: 51001, t0: 10, t1: 70 } })).unwrap();
    await app.dispatch(endpoints.concatenateExports.initiate({ networkId: NETWORK_ID, jobIds: [4, 2, 3], filename: 'All' })).unwrap();
    await app.dispatch(endpoints.cancelExport.initiate({ networkId: NETWORK_ID, jobId: 7 })).unwrap();
    await app.dispatch(endpoints.deleteExports.initiate({ networkId: NETWORK_ID, jobIds: [7] })).unwrap();
    await app.dispatch(endpoints.deleteExports.initiate({ networkId: NETWORK_ID, jobIds: [7, 8] })).unwrap();
    await app.dispatch(endpoints.renameExport.initiate({ networkId: NETWORK_ID, jobId: 7, filename: 'Front door' })).unwrap();
    const base = `/n1/n/${NETWORK_ID}/manage`;
    expect(seen.map(({ method, path, body, csrf }) => ({ method, path, body, csrf }))).toEqual([
      { method: 'POST', path: `${base}/video/export`, body: { video_channel_id: 51001, t0: 10, t1: 70 }, csrf: 'csrf-1' },
      { method: 'POST', path: `${base}/video/concatenate`, body: { job_ids: [4, 2, 3], filename: 'All' }, csrf: 'csrf-1' },
      { method: 'POST', path: `${base}/dashboard/cancel_job`, body: { job_id: 7 }, csrf: 'csrf-1' },
      { method: 'POST', path: `${base}/dashboard/delete_job`, body: { job_id: 7 }, csrf: 'csrf-1' },
      { method: 'POST', path: `${base}/dashboard/delete_job`, body: { job_ids: [7, 8] }, csrf: 'csrf-1' },
      { method: 'POST', path: `${base}/dashboard/rename_job`, body: { job_id: 7, filename: 'Front door' }, csrf: 'csrf-1' },
    ]);
  });

  it('retry and start now go to the organization API, then ask for the job again by id', async () => {
    const seen = recordCalls(() => [makeJob(7)], activeJob(7, 'queued'));
    const app = store();
    await app.dispatch(endpoints.restartExport.initiate({ orgId: ORG_ID, networkId: NETWORK_ID, jobId: 7 })).unwrap();
    await app.dispatch(endpoints.startExportNow.initiate({ orgId: ORG_ID, networkId: NETWORK_ID, jobId: 7 })).unwrap();
    await expect.poll(() => seen.length).toBe(4);
    expect(seen.map(({ method, path, query }) => `${method} ${path} ${query.job_ids ?? ''}`.trim())).toEqual([
      `POST /n1/api/v1/organizations/${ORG_ID}/camera/exports/7/restart`,
      `GET /n1/n/${NETWORK_ID}/manage/dashboard/job_data 7`,
      `POST /n1/api/v1/organizations/${ORG_ID}/camera/exports/7/start`,
      `GET /n1/n/${NETWORK_ID}/manage/dashboard/job_data 7`,
    ]);
  });

  it('a mutation refreshes the network’s list', async () => {
    const seen = recordCalls(() => [makeJob(1)]);
    const app = store();
    const list = app.dispatch(endpoints.getExportJobs.initiate({ networkId: NETWORK_ID }));
    await list;
    await app.dispatch(endpoints.renameExport.initiate({ networkId: NETWORK_ID, jobId: 1, filename: 'x' })).unwrap();
    await expect.poll(() => seen.filter((call) => call.path.endsWith('/job_data')).length).toBe(2);
    list.unsubscribe();
  });

  it('the share link comes from GET .../video_exports/{id}/share', async () => {
    recordCalls();
    const link = await store().dispatch(endpoints.shareExport.initiate({ networkId: NETWORK_ID, jobId: 9 })).unwrap();
    expect(link.share_url).toBe('/n1/exports/shared/9.abc');
  });
});
