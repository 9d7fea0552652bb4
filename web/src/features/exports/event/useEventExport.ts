import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Camera } from '../../../api/types';
import { useAppDispatch } from '../../../app/hooks';

/** The export calls and texts: their own chunk, fetched when the button is approached (see EventExportButton). */
const loadCreate = () => import('./createEventExport');

export interface EventExport {
  /** Fetches the code that creates exports ahead of the click. */
  prefetch: () => void;
  /** Creates the export job of the range; ignored while one is being created. */
  start: () => void;
  exporting: boolean;
}

/** Creating the export of an event's range (UNIX seconds) on the camera, one request at a time. */
export function useEventExport(camera: Camera, startS: number, endS: number): EventExport {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [exporting, setExporting] = useState(false);
  const busy = useRef(false);

  const start = useCallback(() => {
    if (busy.current) return;
    busy.current = true;
    setExporting(true);
    void loadCreate()
      .then(({ createEventExport }) => createEventExport({ camera, startS, endS, dispatch, navigate }))
      .finally(() => {
        busy.current = false;
        setExporting(false);
      });
  }, [camera, startS, endS, dispatch, navigate]);

  const prefetch = useCallback(() => void loadCreate(), []);
  return { prefetch, start, exporting };
}
