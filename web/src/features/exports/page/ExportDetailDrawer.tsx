import { Alert, Center, Drawer, Loader } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPORT_POLL_MS } from '../constants';
import { isActive } from '../displayStatus';
import { type ExportJob, exportsApi, useGetExportJobsByIdsQuery } from '../exportsApi';
import type { ExportClock } from '../hooks/useExportClock';
import type { ExportCommands } from '../hooks/useExportCommands';
import type { JobActions } from '../jobActions';
import { ExportDetails } from './ExportDetails';

export interface ExportDetailDrawerProps {
  networkId: number;
  /** The route's job; the drawer is open while there is one. */
  jobId: number | undefined;
  /** The jobs of the table's page (a listed job is shown from there, kept fresh by the page's polling). */
  listJobs: readonly ExportJob[];
  clock: ExportClock;
  actionsOf: (job: ExportJob) => JobActions;
  commands: ExportCommands;
  onClose: () => void;
}

/**
 * `/n/{networkId}/exports/{jobId}`: the job's details (spec 03 §2). The job is asked for by id (it may be on another
 * page, or a combined job's source); the drawer closes when the job no longer exists.
 */
export function ExportDetailDrawer({ networkId, jobId, listJobs, clock, actionsOf, commands, onClose }: ExportDetailDrawerProps) {
  const { t } = useTranslation('exports');
  const listed = listJobs.find((job) => job.id === jobId);
  const arg = jobId === undefined ? skipToken : { networkId, jobIds: [jobId] };
  // A job not on the table's page is polled here while it is still to be done.
  const cached = exportsApi.endpoints.getExportJobsByIds.useQueryState(arg).data?.[0];
  const fetched = useGetExportJobsByIdsQuery(arg, {
    pollingInterval: !listed && cached && isActive(cached) ? EXPORT_POLL_MS : 0,
  });
  const job = listed ?? fetched.data?.find((candidate) => candidate.id === jobId);
  const gone = jobId !== undefined && fetched.isSuccess && !fetched.isFetching && !job;

  useEffect(() => {
    if (gone) onClose();
  }, [gone, onClose]);
  // A listed job that leaves the list (deleted here or elsewhere) is asked for again: gone, the drawer closes.
  const wasListed = useRef(false);
  const { refetch } = fetched;
  useEffect(() => {
    if (wasListed.current && !listed && jobId !== undefined) refetch();
    wasListed.current = Boolean(listed);
  }, [listed, jobId, refetch]);

  return (
    <Drawer
      opened={jobId !== undefined}
      onClose={onClose}
      position="right"
      size="lg"
      title={t('detail-title')}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {job ? (
        <ExportDetails networkId={networkId} job={job} clock={clock} actions={actionsOf(job)} commands={commands} />
      ) : fetched.isError ? (
        <Alert color="red">{t('fetch-error')}</Alert>
      ) : (
        <Center p="xl">
          <Loader aria-label={t('loading')} />
        </Center>
      )}
    </Drawer>
  );
}
