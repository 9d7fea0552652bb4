import { baseApi } from '../../api/baseApi';
import type { components } from '../../api/schema.gen';
import { RECENT_EXPORTS_INITIAL, RECENT_EXPORTS_LIMIT } from './constants';

export type ExportJob = components['schemas']['ExportJob'];
export type ExportInput = components['schemas']['ExportInput'];
export type ExportManifestEnvelope = components['schemas']['ExportManifestEnvelope'];
export type ExportJobClass = ExportJob['type'];
export type SourceExport = NonNullable<ExportJob['source_exports']>[number];

/** GET .../dashboard/job_data: one page of the network's jobs, newest first, and how many match in all. */
export interface ExportJobsPage {
  jobs: ExportJob[];
  __total_count: number;
}

export interface ExportJobsArg {
  networkId: number;
  offset?: number;
  limit?: number;
  /** In the filename or the camera name, ignoring case. */
  search?: string;
  createdAfterMs?: number;
  createdBeforeMs?: number;
  jobClass?: ExportJobClass;
  /** One camera's exports. */
  videoChannelId?: number;
}

export interface ExportJobsByIdsArg {
  networkId: number;
  jobIds: readonly number[];
}

export interface ExportJobArg {
  networkId: number;
  jobId: number;
}

/** Retry and start now go through the organization's API (`orgId`: the session's organization). */
export interface OrgExportJobArg extends ExportJobArg {
  orgId: number;
}

export interface CreateExportArg {
  networkId: number;
  input: ExportInput;
}

export interface ConcatenateExportsArg {
  networkId: number;
  /** The sources in the order they play, 2 to 20. */
  jobIds: readonly number[];
  filename?: string;
}

export interface DeleteExportsArg {
  networkId: number;
  jobIds: readonly number[];
}

export interface RenameExportArg extends ExportJobArg {
  filename: string;
}

export interface ExportShareLink {
  share_url: string;
  expires_at?: string | null;
}

export type CreatedExport = ExportJob & { split_job_ids?: number[] };

/** One camera's exports (the camera page's drawer), by its channel; without one, the network's (the wall's drawer). */
export interface CameraExportsArg {
  networkId: number;
  videoChannelId?: number;
}

/** Where a page of a camera's recent exports starts and how many it asks for. */
export interface RecentPageParam {
  offset: number;
  limit: number;
}

/** GET /manage/video_exports/public_key: the server's export signing key. */
export interface ExportPublicKey {
  algorithm?: 'Ed25519';
  /** Base64 of the 32-byte Ed25519 public key. */
  public_key?: string;
}

const listTag = (networkId: number) => ({ type: 'ExportJobs' as const, id: `network-${networkId}` });
const jobTag = (jobId: number) => ({ type: 'ExportJob' as const, id: jobId });
const manage = (networkId: number, path: string) => `/n/${networkId}/manage/${path}`;
const orgExportPath = ({ orgId, jobId }: OrgExportJobArg, action: 'restart' | 'start') =>
  `/api/v1/organizations/${orgId}/camera/exports/${jobId}/${action}`;

/**
 * Export jobs (spec 03 §7 "Exports"; docs/api/openapi.yaml). Lists are cached per network (tag `ExportJobs`,
 * `network-{networkId}`) and single jobs asked for by id per job (tag `ExportJob`, the id). Create, combine, delete,
 * cancel and rename refresh the network's lists; polling by ids (`getExportJobsByIds`) writes the jobs it gets into
 * the cached lists in place, and a job it no longer gets (deleted elsewhere) refreshes them. Retry and start now ask
 * for the job again by id. Errors are `{"errors": [...]}` answers, turned into `ApiError` by the base client.
 */
export const exportsApi = baseApi.enhanceEndpoints({ addTagTypes: ['ExportJobs', 'ExportJob'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET .../dashboard/job_data?offset&limit&search&created_after_ms&created_before_ms&job_class&count_jobs. */
    getExportJobs: build.query<ExportJobsPage, ExportJobsArg>({
      query: (arg) => ({
        url: manage(arg.networkId, 'dashboard/job_data'),
        params: {
          job_class: arg.jobClass,
          video_channel_id: arg.videoChannelId,
          search: arg.search || undefined,
          created_after_ms: arg.createdAfterMs,
          created_before_ms: arg.createdBeforeMs,
          offset: arg.offset,
          limit: arg.limit,
          count_jobs: true,
        },
      }),
      providesTags: (_result, _error, { networkId }) => [listTag(networkId)],
    }),
    /**
     * GET .../dashboard/job_data?video_channel_id: one camera's exports (without the channel: the network's), newest
     * first, as an infinite list: the first 25, then 50 at a time (spec 03 §7, §9), until `__total_count` are loaded.
     */
    getCameraExports: build.infiniteQuery<ExportJobsPage, CameraExportsArg, RecentPageParam>({
      infiniteQueryOptions: {
        initialPageParam: { offset: 0, limit: RECENT_EXPORTS_INITIAL },
        getNextPageParam: (lastPage, _allPages, lastPageParam) => {
          const loaded = lastPageParam.offset + lastPage.jobs.length;
          return lastPage.jobs.length > 0 && loaded < lastPage.__total_count
            ? { offset: loaded, limit: RECENT_EXPORTS_LIMIT }
            : undefined;
        },
      },
      query: ({ queryArg, pageParam }) => ({
        url: manage(queryArg.networkId, 'dashboard/job_data'),
        params: {
          video_channel_id: queryArg.videoChannelId,
          offset: pageParam.offset,
          limit: pageParam.limit,
          count_jobs: true,
        },
      }),
      providesTags: (_result, _error, { networkId }) => [listTag(networkId)],
    }),
    /** GET .../dashboard/job_data?job_ids=1,2&job_action=fetch: the jobs that still exist (polling, detail). */
    getExportJobsByIds: build.query<ExportJob[], ExportJobsByIdsArg>({
      query: ({ networkId, jobIds }) => ({
        url: manage(networkId, 'dashboard/job_data'),
        params: { job_ids: jobIds.join(','), job_action: 'fetch', limit: jobIds.length },
      }),
      transformResponse: (page: ExportJobsPage) => page.jobs,
      providesTags: (_result, _error, { jobIds }) => jobIds.map(jobTag),
      async onQueryStarted({ networkId, jobIds }, { dispatch, getState, queryFulfilled }) {
        const { data: jobs } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!jobs) return;
        for (const update of listUpdates(getState(), networkId, jobs)) dispatch(update);
        const found = new Set(jobs.map((job) => job.id));
        if (jobIds.some((id) => !found.has(id))) dispatch(exportsApi.util.invalidateTags([listTag(networkId)]));
      },
    }),
    /** POST .../video/export: 201 with the job (the first of a range split in 3-hour parts, with split_job_ids). */
    createExport: build.mutation<CreatedExport, CreateExportArg>({
      query: ({ networkId, input }) => ({ url: manage(networkId, 'video/export'), method: 'POST', body: input }),
      invalidatesTags: (_result, _error, { networkId }) => [listTag(networkId)],
    }),
    /** POST .../video/concatenate {job_ids, filename}: 201 with the combined job. */
    concatenateExports: build.mutation<ExportJob, ConcatenateExportsArg>({
      query: ({ networkId, jobIds, filename }) => ({
        url: manage(networkId, 'video/concatenate'),
        method: 'POST',
        body: { job_ids: jobIds, ...(filename ? { filename } : {}) },
      }),
      invalidatesTags: (_result, _error, { networkId }) => [listTag(networkId)],
    }),
    /** POST .../dashboard/cancel_job {job_id}: the job (cancelled, or isRequestingCancellation while it stops). */
    cancelExport: build.mutation<ExportJob, ExportJobArg>({
      query: ({ networkId, jobId }) => ({ url: manage(networkId, 'dashboard/cancel_job'), method: 'POST', body: { job_id: jobId } }),
      invalidatesTags: (_result, _error, { networkId, jobId }) => [listTag(networkId), jobTag(jobId)],
    }),
    /** POST .../dashboard/delete_job {job_id} or {job_ids} (all are checked before any goes). */
    deleteExports: build.mutation<{ success?: boolean; deleted?: number[] }, DeleteExportsArg>({
      query: ({ networkId, jobIds }) => ({
        url: manage(networkId, 'dashboard/delete_job'),
        method: 'POST',
        body: jobIds.length === 1 ? { job_id: jobIds[0] } : { job_ids: jobIds },
      }),
      invalidatesTags: (_result, _error, { networkId, jobIds }) => [listTag(networkId), ...jobIds.map(jobTag)],
    }),
    /** POST .../dashboard/rename_job {job_id, filename} (the server adds '.mp4'). */
    renameExport: build.mutation<ExportJob, RenameExportArg>({
      query: ({ networkId, jobId, filename }) => ({
        url: manage(networkId, 'dashboard/rename_job'),
        method: 'POST',
        body: { job_id: jobId, filename },
      }),
      invalidatesTags: (_result, _error, { networkId, jobId }) => [listTag(networkId), jobTag(jobId)],
    }),
    /** POST /api/v1/organizations/{orgId}/camera/exports/{jobId}/restart: a failed or cancelled job, queued again. */
    restartExport: build.mutation<ExportJob, OrgExportJobArg>({
      query: (arg) => ({ url: orgExportPath(arg, 'restart'), method: 'POST' }),
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        if (await succeeded(queryFulfilled)) void dispatch(refetchById(arg));
      },
    }),
    /** POST /api/v1/organizations/{orgId}/camera/exports/{jobId}/start: a queued or scheduled job, now. */
    startExportNow: build.mutation<ExportJob, OrgExportJobArg>({
      query: (arg) => ({ url: orgExportPath(arg, 'start'), method: 'POST' }),
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        if (await succeeded(queryFulfilled)) void dispatch(refetchById(arg));
      },
    }),
    /** GET .../video_exports/{jobId}/share: the job's share link (made on first ask, logged as export_shared). */
    shareExport: build.mutation<ExportShareLink, ExportJobArg>({
      query: ({ networkId, jobId }) => ({ url: manage(networkId, `video_exports/${jobId}/share`) }),
    }),
    /** GET /manage/video_exports/public_key: the key manifests are checked against (the Verify dialog). */
    getExportPublicKey: build.query<ExportPublicKey, void>({
      query: () => ({ url: '/manage/video_exports/public_key' }),
    }),
  }),
});

/**
 * Updates replacing, in every cached list of the network (the exports page's pages and the camera drawers' infinite
 * lists), the jobs of the same id (lists keep their order and count).
 */
function listUpdates(state: unknown, networkId: number, jobs: readonly ExportJob[]) {
  if (jobs.length === 0) return [];
  const byId = new Map(jobs.map((job) => [job.id, job]));
  const replaced = (page: ExportJobsPage) => {
    page.jobs = page.jobs.map((job) => byId.get(job.id) ?? job);
  };
  const cached = exportsApi.util.selectInvalidatedBy(state as Parameters<typeof exportsApi.util.selectInvalidatedBy>[0], [
    listTag(networkId),
  ]);
  return cached.flatMap(({ endpointName, originalArgs }) => {
    if (endpointName === 'getExportJobs')
      return [exportsApi.util.updateQueryData('getExportJobs', originalArgs as ExportJobsArg, replaced)];
    if (endpointName === 'getCameraExports')
      return [
        exportsApi.util.updateQueryData('getCameraExports', originalArgs as CameraExportsArg, (data) => {
          data.pages.forEach(replaced);
        }),
      ];
    return [];
  });
}

/** After retry or start now, the job is asked for again by id (spec 03 §4), which updates the lists. */
function refetchById({ networkId, jobId }: OrgExportJobArg) {
  return exportsApi.endpoints.getExportJobsByIds.initiate({ networkId, jobIds: [jobId] }, { subscribe: false, forceRefetch: true });
}

const succeeded = (answer: Promise<unknown>) =>
  answer.then(
    () => true,
    () => false,
  );

export const {
  useGetExportJobsQuery,
  useGetExportJobsByIdsQuery,
  useGetCameraExportsInfiniteQuery,
  useCreateExportMutation,
  useConcatenateExportsMutation,
  useCancelExportMutation,
  useDeleteExportsMutation,
  useRenameExportMutation,
  useRestartExportMutation,
  useStartExportNowMutation,
  useShareExportMutation,
  useGetExportPublicKeyQuery,
} = exportsApi;
