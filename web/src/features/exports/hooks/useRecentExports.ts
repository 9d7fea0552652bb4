import { useCallback, useEffect, useMemo, useState } from 'react';
import type { RecentExportsProps } from '../camera/RecentExports';
import { type ExportJob, useGetCameraExportsInfiniteQuery } from '../exportsApi';
import { useExportPolling } from './useExportPolling';

const NO_JOBS: readonly ExportJob[] = [];

export interface RecentExportsArg {
  networkId: number;
  /** One camera's exports; absent: the network's. */
  videoChannelId?: number;
  /** The drawer is open: its jobs still to be done are asked for every 5 s. */
  polling: boolean;
}

export interface RecentExportsView {
  /** What `RecentExports` shows (all but the clock and the empty text). */
  listProps: Omit<RecentExportsProps, 'clock' | 'emptyText'>;
  /** The job whose detail view is open, if any. */
  detail: ExportJob | undefined;
  closeDetail: () => void;
}

/**
 * A drawer's recent exports (spec 03 §2, §9): the infinite list (25, then 50 more at a time), polled while the drawer
 * is open, and the detail view of one of them, which closes when its job is gone (deleted here or elsewhere).
 */
export function useRecentExports({ networkId, videoChannelId, polling }: RecentExportsArg): RecentExportsView {
  const [detailId, setDetailId] = useState<number | null>(null);
  const list = useGetCameraExportsInfiniteQuery({ networkId, videoChannelId });
  const jobs = useMemo(() => {
    // A job made between two pages' requests moves the offsets: one may come twice.
    const seen = new Set<number>();
    return (list.data?.pages ?? [])
      .flatMap((page) => page.jobs)
      .filter((job) => {
        if (seen.has(job.id)) return false;
        seen.add(job.id);
        return true;
      });
  }, [list.data]);
  useExportPolling(networkId, polling ? jobs : NO_JOBS);

  const detail = detailId === null ? undefined : jobs.find((job) => job.id === detailId);
  const gone = detailId !== null && !detail && list.isSuccess && !list.isFetching;
  useEffect(() => {
    if (gone) setDetailId(null);
  }, [gone]);

  const { fetchNextPage } = list;
  const onLoadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const onOpen = useCallback((job: ExportJob) => setDetailId(job.id), []);
  const closeDetail = useCallback(() => setDetailId(null), []);
  return {
    listProps: {
      jobs,
      totalCount: list.data?.pages.at(-1)?.__total_count ?? 0,
      loading: list.isLoading,
      failed: list.isError,
      hasMore: list.hasNextPage,
      loadingMore: list.isFetchingNextPage,
      onLoadMore,
      onOpen,
    },
    detail,
    closeDetail,
  };
}
