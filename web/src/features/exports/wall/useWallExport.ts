import { type Dispatch, useEffect, useMemo, useReducer } from 'react';
import type { ExportChecks } from '../../walls/tile/exportChecks';
import type { VideoWall } from '../../walls/wallsApi';
import { exportSources, type WallExportEntry, type WallExportSource } from './wallExportEntries';
import {
  initialWallExportState,
  removedSources,
  tileExportChecks,
  type WallExportAction,
  wallExportEntries,
  wallExportReducer,
  type WallExportState,
} from './wallExportState';

export interface WallExport {
  state: WallExportState;
  dispatch: Dispatch<WallExportAction>;
  /** The listed entries, in the wall's tile order. */
  entries: WallExportEntry[];
  /** Tiles whose entry was removed ('add camera'). */
  addable: WallExportSource[];
}

/**
 * The drawer's entries, made from the wall's tiles with a camera and what the user set (`wallExportState`). Each
 * opening starts the ranges again from the last 10 minutes, scheduled now. While open, the tiles' checkboxes on the
 * wall (`checks`, from the wall view) show each entry's selection, and a click on one toggles it.
 */
export function useWallExport(wall: VideoWall, opened: boolean, checks: ExportChecks | null): WallExport {
  const sources = useMemo(() => exportSources(wall), [wall]);
  const [state, dispatch] = useReducer(wallExportReducer, Date.now(), initialWallExportState);
  useEffect(() => {
    if (opened) dispatch({ type: 'opened', nowMs: Date.now() });
  }, [opened]);

  useEffect(() => {
    checks?.publish(opened ? tileExportChecks(sources, state) : null, (key) => dispatch({ type: 'toggled', key }));
  }, [checks, opened, sources, state]);
  useEffect(() => () => checks?.publish(null), [checks]);

  const entries = useMemo(() => wallExportEntries(sources, state), [sources, state]);
  const addable = useMemo(() => removedSources(sources, state), [sources, state]);
  return { state, dispatch, entries, addable };
}
