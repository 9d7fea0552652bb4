import { type Dispatch, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorMessages } from '../../../api/apiError';
import { useTimeMode } from '../../../components/timePicker/useTimeMode';
import { useNetworks } from '../../auth/hooks';
import { cameraDisplayName } from '../../cameras/cameraModel';
import { exportRangeText } from '../format';
import { useCreateExportMutation } from '../exportsApi';
import { entryExportInput, type WallExportEntry } from './wallExportEntries';
import {
  type CreatedWallExport,
  type FirstWallExportFailure,
  showWallExportsCreated,
  showWallExportsFailed,
} from './wallExportNotices';
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
 * page, and the 'create-failure' notice (the first refused entry's camera, range and error) when any failed. Nothing is
 * dropped silently.
 */
export function useExportAll(dispatch: Dispatch<WallExportAction>, timeZone: string): ExportAll {
  const [timeMode] = useTimeMode();
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
    let firstFailure: FirstWallExportFailure | null = null;
    let failed = 0;
    for (const [index, entry] of chosen.entries()) {
      const networkId = entry.camera.network_id;
      dispatch({ type: 'exportStarted', key: entry.key });
      try {
        const input = entryExportInput(entry, scheduleMs, Date.now());
        const job = await createExport({ networkId, input }).unwrap();
        dispatch({ type: 'exported', key: entry.key, jobId: job.id });
        created.push({ networkId, jobId: job.id });
      } catch (error) {
        const message = errorMessages(error).join(' ') || t('create-problem');
        dispatch({ type: 'exportFailed', key: entry.key, message });
        failed += 1;
        const { startMs, endMs } = entry.exportRange;
        firstFailure ??= {
          cameraName: cameraDisplayName(entry.camera),
          rangeText: exportRangeText(startMs / 1000, endMs / 1000, timeZone, timeMode),
          error,
        };
      }
      setProgress({ done: index + 1, total: chosen.length });
    }
    running.current = false;
    setProgress(null);
    const networkName = (id: number) => networks.find((network) => network.id === id)?.name ?? String(id);
    if (created.length > 0) showWallExportsCreated(created, navigate, t, networkName);
    if (firstFailure) showWallExportsFailed(failed, chosen.length, firstFailure, t);
  };

  return { exportAll, progress };
}
