import { Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import type { NavigateFunction } from 'react-router-dom';
import { EXPORT_ERROR_MS, EXPORT_NOTIFICATION_MS } from './constants';
import { exportDetailPath } from './exportPaths';
import type { CreatedExport } from './exportsApi';
import { showExportFailure } from './exportToasts';

/** `t` of the `exports` namespace. */
type ExportsT = TFunction<'exports'>;

/**
 * An export made (spec 03 §7 "What the product does with answers"): 'Export created' (or how many 3-hour files it
 * makes) over a link to the job on the exports page, `/n/{networkId}/exports/{jobId}`, for 15 s.
 */
export function showExportCreated(job: CreatedExport, networkId: number, navigate: NavigateFunction, t: ExportsT): void {
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
}

/** A refused creation (spec 03 §8): 'Export job error', 'There was a problem creating the export.' and the server's message, 30 s. */
export function showExportCreateFailure(error: unknown, t: ExportsT): void {
  showExportFailure(t('export-job-error'), error, { autoCloseMs: EXPORT_ERROR_MS, lead: t('create-problem') });
}
