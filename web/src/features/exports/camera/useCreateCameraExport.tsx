import { Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Camera } from '../../../api/types';
import { EXPORT_ERROR_MS, EXPORT_NOTIFICATION_MS } from '../constants';
import { exportDetailPath } from '../exportPaths';
import { type CreatedExport, useCreateExportMutation } from '../exportsApi';
import { showExportFailure } from '../exportToasts';
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
        const path = exportDetailPath(networkId, job.id);
        const id = `export-created-${job.id}`;
        const parts = job.split_job_ids?.length ?? 1;
        // The notice is shown outside the router (app/AppProviders): a plain link that navigates in the page.
        const link = (
          <Anchor
            href={path}
            size="sm"
            data-testid="export-created-link"
            onClick={(event) => {
              event.preventDefault();
              notifications.hide(id);
              void navigate(path);
            }}
          >
            {t('view-export')}
          </Anchor>
        );
        notifications.show({
          id,
          color: 'green',
          autoClose: EXPORT_NOTIFICATION_MS,
          title: parts > 1 ? t('export-created-split', { count: parts }) : t('export-created'),
          message: link,
        });
        return job;
      } catch (error) {
        showExportFailure(t('export-job-error'), error, { autoCloseMs: EXPORT_ERROR_MS, lead: t('create-problem') });
        return null;
      }
    },
    [camera, createExport, navigate, networkId, t],
  );

  return { create, creating: isLoading };
}
