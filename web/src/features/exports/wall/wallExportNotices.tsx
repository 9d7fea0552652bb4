import { Anchor, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import type { NavigateFunction } from 'react-router-dom';
import { EXPORT_ERROR_MS, EXPORT_NOTIFICATION_MS } from '../constants';
import { exportDetailPath, exportsPath } from '../exportPaths';
import { showExportFailure } from '../exportToasts';

/** A job 'Export all' made, and the network it was posted to (its camera's). */
export interface CreatedWallExport {
  networkId: number;
  jobId: number;
}

interface NoticeLink {
  path: string;
  label: string;
}

/**
 * Where the notice links: one network's exports page (the job itself when it is the only one); per network when the
 * jobs went to several (a cross-network wall), named after it.
 */
function noticeLinks(
  created: readonly CreatedWallExport[],
  t: TFunction<'exports'>,
  networkName: (id: number) => string,
): NoticeLink[] {
  const byNetwork = new Map<number, number[]>();
  for (const { networkId, jobId } of created) byNetwork.set(networkId, [...(byNetwork.get(networkId) ?? []), jobId]);
  return [...byNetwork].map(([networkId, jobIds]): NoticeLink => {
    const path = jobIds.length === 1 ? exportDetailPath(networkId, jobIds[0]) : exportsPath(networkId);
    if (byNetwork.size > 1) return { path, label: t('view-exports-of', { network: networkName(networkId) }) };
    return { path, label: jobIds.length === 1 ? t('view-export') : t('view-exports') };
  });
}

/** 'N exports created' over links to the exports page (15 s, spec 03 §7 "What the product does with answers"). */
export function showWallExportsCreated(
  created: readonly CreatedWallExport[],
  navigate: NavigateFunction,
  t: TFunction<'exports'>,
  networkName: (id: number) => string,
): void {
  const id = `wall-exports-created-${created[0].jobId}`;
  // The notice is shown outside the router (app/AppProviders): plain links that navigate in the page.
  const links = noticeLinks(created, t, networkName).map(({ path, label }) => (
    <Anchor
      key={path}
      href={path}
      size="sm"
      data-testid="export-created-link"
      onClick={(event) => {
        event.preventDefault();
        notifications.hide(id);
        void navigate(path);
      }}
    >
      {label}
    </Anchor>
  ));
  notifications.show({
    id,
    color: 'green',
    autoClose: EXPORT_NOTIFICATION_MS,
    title: t('wall-exports-created', { count: created.length }),
    message: <Stack gap={2}>{links}</Stack>,
  });
}

/** 'Export job error': how many entries failed, and the first server message (30 s; each entry shows its own). */
export function showWallExportsFailed(failed: number, firstError: unknown, t: TFunction<'exports'>): void {
  showExportFailure(t('export-job-error'), firstError, {
    autoCloseMs: EXPORT_ERROR_MS,
    lead: t('wall-export-problem', { count: failed }),
  });
}
