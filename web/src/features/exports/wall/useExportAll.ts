import { type Dispatch, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorMessages } from '../../../api/apiError';
import { useNetworks } from '../../auth/hooks';
import { useCreateExportMutation } from '../exportsApi';
import { entryExportInput, type WallExportEntry } from './wallExportEntries';
import { type CreatedWallExport, showWallExportsCreated, showWallExportsFailed } from './wallExportNotices';
import type { WallExportAction } from './wallExportState';

export interface ExportAllProgress {
  done: number;
  total: number;
}

export interface ExportAll {
  /** Posts the selected entries one after another, each to its camera's network. */
  exportAll: (entries: readonly WallExportEntry[], scheduleMs: number | null) => Promise<void>;
  /** While posting: how many of how many are answered; null otherwise. */
  progress: ExportAllProgress | null;
}

/**
 * 'Export all' (spec 03 §2, §7): one POST .../video/export per selected entry, to its camera's network
 * (`camera.network_id`: the tiles of a cross-network wall belong to different networks), one at a time so the progress
 * reads in order and the server is not flooded. Each entry's outcome goes into the drawer's state (created: no longer
 * selected; refused: kept selected with the server's message, to try again); then the notice linking to the exports
 * page, and 'Export job error' when any failed. Nothing is dropped silently.
 */
export function useExportAll(dispatch: Dispatch<WallExportAction>): ExportAll {
  const { t } = useTranslation('exports');
  const navigate = useNavigate();
  const networks = useNetworks();
  const [createExport] = useCreateExportMutation();
  const [progress, setProgress] = useState<ExportAllProgress | null>(null);
  const running = useRef(false);

  const exportAll = async (entries: readonly WallExportEntry[], scheduleMs: number | null) => {
    const chosen = entries.filter((entry) => entry.selected);
    if (running.current || chosen.length === 0) return;
    running.current = true;
    setProgress({ done: 0, total: chosen.length });
    const created: CreatedWallExport[] = [];
    const errors: unknown[] = [];
    for (const [index, entry] of chosen.entries()) {
      const networkId = entry.camera.network_id;
      dispatch({ type: 'exportStarted', key: entry.key });
      try {
        const job = await createExport({ networkId, input: entryExportInput(entry, scheduleMs, Date.now()) }).unwrap();
        dispatch({ type: 'exported', key: entry.key, jobId: job.id });
        created.push({ networkId, jobId: job.id });
      } catch (error) {
        const message = errorMessages(error).join(' ') || t('create-problem');
        dispatch({ type: 'exportFailed', key: entry.key, message });
        errors.push(error);
      }
      setProgress({ done: index + 1, total: chosen.length });
    }
    running.current = false;
    setProgress(null);
    const networkName = (id: number) => networks.find((network) => network.id === id)?.name ?? String(id);
    if (created.length > 0) showWallExportsCreated(created, navigate, t, networkName);
    if (errors.length > 0) showWallExportsFailed(errors.length, errors[0], t);
  };

  return { exportAll, progress };
}
