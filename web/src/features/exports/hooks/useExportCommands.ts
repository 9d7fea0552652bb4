import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks';
import { useCurrentUser } from '../../auth/hooks';
import { EXPORT_ERROR_MS } from '../constants';
import { type ExportJob, exportsApi } from '../exportsApi';
import { showExportFailure, showExportSuccess } from '../exportToasts';

/** The page's calls on jobs, each with its toasts; each resolves true when it succeeded. */
export interface ExportCommands {
  cancel: (job: ExportJob) => Promise<boolean>;
  retry: (job: ExportJob) => Promise<boolean>;
  startNow: (job: ExportJob) => Promise<boolean>;
  remove: (jobIds: readonly number[]) => Promise<boolean>;
  rename: (job: ExportJob, filename: string) => Promise<boolean>;
  combine: (jobIds: readonly number[], filename: string) => Promise<boolean>;
  copyLink: (job: ExportJob) => Promise<boolean>;
  copyChecksum: (job: ExportJob) => Promise<boolean>;
}

/** A mutation's request, removed from the store once answered (these calls are not shown by a hook). */
async function settle<T>(request: { unwrap: () => Promise<T>; reset: () => void }): Promise<T> {
  try {
    return await request.unwrap();
  } finally {
    request.reset();
  }
}

const absoluteUrl = (path: string) => new URL(path, window.location.origin).toString();

export function useExportCommands(networkId: number): ExportCommands {
  const { t } = useTranslation('exports');
  const dispatch = useAppDispatch();
  const orgId = useCurrentUser()?.org_id ?? 0;

  return useMemo(() => {
    const { endpoints } = exportsApi;
    const attempt = async (call: () => Promise<unknown>, success: string | null, failure: string) => {
      try {
        await call();
        if (success) showExportSuccess(success);
        return true;
      } catch (error) {
        showExportFailure(failure, error);
        return false;
      }
    };
    const copy = async (text: string | null | undefined, success: string) => {
      try {
        if (!text) throw new Error(t('copy-failed'));
        await navigator.clipboard.writeText(text);
        showExportSuccess(success);
        return true;
      } catch (error) {
        showExportFailure(t('copy-failed'), error);
        return false;
      }
    };
    const jobArg = (job: ExportJob) => ({ networkId, jobId: job.id });

    return {
      cancel: (job) =>
        attempt(() => settle(dispatch(endpoints.cancelExport.initiate(jobArg(job)))), t('cancel-requested'), t('cancel-failed')),
      retry: (job) =>
        attempt(
          () => settle(dispatch(endpoints.restartExport.initiate({ ...jobArg(job), orgId }))),
          t('restarted'),
          t('start-failed'),
        ),
      startNow: (job) =>
        attempt(
          () => settle(dispatch(endpoints.startExportNow.initiate({ ...jobArg(job), orgId }))),
          t('started'),
          t('start-failed'),
        ),
      remove: (jobIds) =>
        attempt(
          () => settle(dispatch(endpoints.deleteExports.initiate({ networkId, jobIds }))),
          t('deleted', { count: jobIds.length }),
          t('delete-failed', { count: jobIds.length }),
        ),
      rename: (job, filename) =>
        attempt(
          () => settle(dispatch(endpoints.renameExport.initiate({ ...jobArg(job), filename }))),
          t('renamed'),
          t('rename-failed'),
        ),
      combine: async (jobIds, filename) => {
        try {
          await settle(dispatch(endpoints.concatenateExports.initiate({ networkId, jobIds, filename })));
          showExportSuccess(t('combine-created'));
          return true;
        } catch (error) {
          showExportFailure(t('export-job-error'), error, { autoCloseMs: EXPORT_ERROR_MS, lead: t('create-problem') });
          return false;
        }
      },
      copyLink: async (job) => {
        // The link is made on first ask; when that fails the product falls back to the job's own URLs (spec 03 §7).
        let link = job.share_url ?? job.quick_url;
        try {
          link = (await settle(dispatch(endpoints.shareExport.initiate(jobArg(job))))).share_url;
        } catch {
          // keep the fallback
        }
        return copy(link ? absoluteUrl(link) : null, t('link-copied'));
      },
      copyChecksum: (job) => copy(job.export_sha256, t('checksum-copied')),
    };
  }, [dispatch, networkId, orgId, t]);
}
