// The part of the event's 'Export' that the motion search drawer and the event search page load on demand: the export
// calls (exportsApi) and the `exports` texts of the notices.
import type { NavigateFunction } from 'react-router-dom';
import type { Camera } from '../../../api/types';
import type { AppDispatch } from '../../../app/store';
import { i18n } from '../../../i18n';
import { showExportCreated, showExportCreateFailure } from '../exportCreateNotices';
import { exportsApi } from '../exportsApi';
import '../exportsTexts';
import { eventExportInput } from './eventExportRequest';

export interface EventExportRequest {
  camera: Camera;
  /** The event's recorded range, UNIX seconds. */
  startS: number;
  endS: number;
  dispatch: AppDispatch;
  navigate: NavigateFunction;
}

/**
 * Creates the export job of an event's range on the camera's network (POST /n/{networkId}/manage/video/export) and
 * shows the camera drawer's notices: the link to the job on the exports page, or the error with the server's message.
 * Resolves with whether the job was made.
 */
export async function createEventExport({ camera, startS, endS, dispatch, navigate }: EventExportRequest): Promise<boolean> {
  const t = i18n.getFixedT(null, 'exports');
  const networkId = camera.network_id;
  const input = eventExportInput(camera, startS, endS, Date.now());
  try {
    const job = await dispatch(exportsApi.endpoints.createExport.initiate({ networkId, input })).unwrap();
    showExportCreated(job, networkId, navigate, t);
    return true;
  } catch (error) {
    showExportCreateFailure(error, t);
    return false;
  }
}
