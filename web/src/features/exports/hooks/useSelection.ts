import { useState } from 'react';
import type { ExportJob } from '../exportsApi';

export interface Selection {
  /** The selected jobs among those shown, in the order they are shown. */
  selected: ExportJob[];
  isSelected: (jobId: number) => boolean;
  toggle: (jobId: number) => void;
  /** Selects every shown job, or none when all are. */
  toggleAll: () => void;
  clear: () => void;
  allSelected: boolean;
  someSelected: boolean;
}

/** The table's checkboxes: only jobs shown on the current page count (a job that leaves the page leaves the selection). */
export function useSelection(jobs: readonly ExportJob[]): Selection {
  const [ids, setIds] = useState<ReadonlySet<number>>(new Set());
  const selected = jobs.filter((job) => ids.has(job.id));
  const allSelected = jobs.length > 0 && selected.length === jobs.length;
  return {
    selected,
    isSelected: (jobId) => ids.has(jobId),
    toggle: (jobId) =>
      setIds((current) => {
        const next = new Set(current);
        if (!next.delete(jobId)) next.add(jobId);
        return next;
      }),
    toggleAll: () => setIds(allSelected ? new Set() : new Set(jobs.map((job) => job.id))),
    clear: () => setIds(new Set()),
    allSelected,
    someSelected: selected.length > 0 && !allSelected,
  };
}
