import { Alert, Group, Stack, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import type { ExportJob } from '../exportsApi';
import { useGetExportJobsQuery } from '../exportsApi';
import { exportsPath } from '../exportPaths';
import { dayIn } from '../format';
import { useExportClock } from '../hooks/useExportClock';
import { useExportCommands } from '../hooks/useExportCommands';
import { useExportFilters } from '../hooks/useExportFilters';
import { useExportPolling } from '../hooks/useExportPolling';
import { useJobActions } from '../hooks/useJobActions';
import { useSelection } from '../hooks/useSelection';
import { useNetworkIdParam } from '../../cameras/hooks/useNetworkIdParam';
import { VerifyExportButton } from '../verify/VerifyExportButton';
import { CombineDrawer } from './CombineDrawer';
import { ConfirmModal } from './ConfirmModal';
import { ExportsBetaBanner } from './ExportsBetaBanner';
import { ExportDetailDrawer } from './ExportDetailDrawer';
import { ExportsEmpty, ExportsError, ExportsLoading } from './ExportsMessage';
import { ExportsTable } from './ExportsTable';
import { ExportsToolbar } from './ExportsToolbar';
import { SyncStatus } from './SyncStatus';

const NO_JOBS: readonly ExportJob[] = [];

/**
 * `/n/{networkId}/exports/{jobId?}` (spec 03 §2 "Exports page"): the network's exports, newest first, searched and
 * filtered by creation date, a page at a time; combine and delete the selected ones; jobs still to be done are polled.
 * With a job id the job's detail drawer is open; closing a drawer comes back to `/n/{networkId}/exports`.
 */
export function ExportsPage() {
  const { jobId: jobParam } = useParams();
  const networkId = useNetworkIdParam();
  if (jobParam !== undefined && !/^\d+$/.test(jobParam)) return <Navigate to={exportsPath(networkId)} replace />;
  return <ExportsView networkId={networkId} jobId={jobParam === undefined ? undefined : Number(jobParam)} />;
}

function ExportsView({ networkId, jobId }: { networkId: number; jobId: number | undefined }) {
  const { t } = useTranslation('exports');
  const navigate = useNavigate();
  const clock = useExportClock();
  const filters = useExportFilters(networkId, clock.timeZone);
  const list = useGetExportJobsQuery(filters.queryArg);
  const jobs = list.data?.jobs ?? NO_JOBS;
  const totalCount = list.data?.__total_count ?? 0;
  const lastPolledMs = useExportPolling(networkId, jobs);
  const selection = useSelection(jobs);
  const actionsOf = useJobActions(networkId, clock.nowMs);
  const commands = useExportCommands(networkId);
  const [dialog, setDialog] = useState<'combine' | 'delete' | null>(null);
  const closeDialog = () => setDialog(null);
  const closeDetail = useCallback(() => navigate(exportsPath(networkId)), [navigate, networkId]);

  // A page emptied by deletions goes back to the last page that has jobs.
  const { page, pageSize, onPageChange } = filters;
  const lastPage = Math.max(1, Math.ceil(totalCount / pageSize));
  useEffect(() => {
    if (list.data && !list.isFetching && page > lastPage) onPageChange(lastPage);
  }, [list.data, list.isFetching, page, lastPage, onPageChange]);

  const lastSyncedMs = Math.max(list.fulfilledTimeStamp ?? 0, lastPolledMs ?? 0) || undefined;
  const deleteIds = selection.selected.map((job) => job.id);

  let content;
  if (list.isLoading) content = <ExportsLoading />;
  else if (!list.data) content = <ExportsError onRetry={() => void list.refetch()} />;
  else if (jobs.length === 0) content = <ExportsEmpty filtered={filters.filtered} />;
  else
    content = (
      <ExportsTable
        networkId={networkId}
        jobs={jobs}
        totalCount={totalCount}
        page={page}
        pageSize={pageSize}
        onPageChange={onPageChange}
        onPageSizeChange={filters.onPageSizeChange}
        selection={selection}
        actionsOf={actionsOf}
        commands={commands}
        clock={clock}
      />
    );

  return (
    <Stack p="md" gap="md" data-testid="exports-page">
      <Group justify="space-between" align="center">
        <Title order={2} fz="h3">
          {t('title')}
        </Title>
        <Group gap="sm">
          <SyncStatus lastSyncedMs={lastSyncedMs} fetching={list.isFetching} clock={clock} onRefresh={() => void list.refetch()} />
          <VerifyExportButton />
        </Group>
      </Group>
      <ExportsBetaBanner networkId={networkId} />
      <ExportsToolbar
        filters={filters}
        today={dayIn(clock.timeZone, clock.nowMs)}
        selection={selection}
        hasJobs={jobs.length > 0}
        canDeleteSelected={selection.selected.every((job) => actionsOf(job).delete)}
        onCombine={() => setDialog('combine')}
        onDelete={() => setDialog('delete')}
      />
      {list.isError && list.data && <Alert color="red">{t('fetch-error')}</Alert>}
      {content}
      <CombineDrawer
        opened={dialog === 'combine'}
        jobs={selection.selected}
        clock={clock}
        onClose={closeDialog}
        onCombine={async (ids, filename) => {
          const done = await commands.combine(ids, filename);
          if (done) selection.clear();
          return done;
        }}
      />
      <ConfirmModal
        opened={dialog === 'delete'}
        title={t('delete-title')}
        message={t('delete-confirm', { count: deleteIds.length })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        color="red"
        onConfirm={async () => {
          if (await commands.remove(deleteIds)) selection.clear();
        }}
        onClose={closeDialog}
      />
      <ExportDetailDrawer
        networkId={networkId}
        jobId={jobId}
        listJobs={jobs}
        clock={clock}
        actionsOf={actionsOf}
        commands={commands}
        onClose={closeDetail}
      />
    </Stack>
  );
}
