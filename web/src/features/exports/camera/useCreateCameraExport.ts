import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Camera } from '../../../api/types';
import { showExportCreated, showExportCreateFailure } from '../exportCreateNotices';
import { type CreatedExport, useCreateExportMutation } from '../exportsApi';
import { type ExportForm, exportInput } from './exportRequest';

export interface CreateCameraExport {
  /** Sends the form; resolves with the job made (the first of a split range), or null when refused. */
  create: (form: ExportForm) => Promise<CreatedExport | null>;
  creating: boolean;
}

/**
 * Creating an export of the camera (POST .../video/export) with the spec's notices (03 §7, §8): success links to the
 * job on the exports page (`/n/{networkId}/exports/{jobId}`, 15 s); a refusal is 'Export job error', 'There was a
 * problem creating the export.' and the server's message (30 s).
 */
export function useCreateCameraExport(camera: Camera): CreateCameraExport {
  const { t } = useTranslation('exports');
  const navigate = useNavigate();
  const [createExport, { isLoading }] = useCreateExportMutation();
  const networkId = camera.network_id;

  const create = useCallback(
    async (form: ExportForm) => {
      if (!form.range) return null;
      try {
        const job = await createExport({ networkId, input: exportInput(camera, { ...form, range: form.range }, Date.now()) }).unwrap();
        showExportCreated(job, networkId, navigate, t);
        return job;
      } catch (error) {
        showExportCreateFailure(error, t);
        return null;
      }
    },
    [camera, createExport, navigate, networkId, t],
  );

  return { create, creating: isLoading };
}
