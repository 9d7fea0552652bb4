import { Anchor, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import type { NavigateFunction } from 'react-router-dom';
import { errorMessages } from '../../../api/apiError';
import { EXPORT_NOTIFICATION_MS } from '../constants';
import { exportDetailPath, exportsPath } from '../exportPaths';

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

/** The first refused entry of an 'Export all': its camera, its range as shown, and the server's messages. */
export interface FirstWallExportFailure {
  cameraName: string;
  rangeText: string;
  error: unknown;
}

/**
 * The spec's 'create-failure' notice of this path (03 §8): how many of the exports could not be created, the first
 * server error, that entry's camera and time range, for 15 s (each entry also shows its own message in the drawer).
 */
export function showWallExportsFailed(
  failed: number,
  total: number,
  first: FirstWallExportFailure,
  t: TFunction<'exports'>,
): void {
  const serverMessage = errorMessages(first.error).join(' ') || t('create-problem');
  notifications.show({
    color: 'red',
    autoClose: EXPORT_NOTIFICATION_MS,
    title: t('create-failure'),
    message: (
      <Stack gap={2} data-testid="export-create-failure">
        <span>{t('create-failure-description', { failed, total })}</span>
        <span>{serverMessage}</span>
        <span>{`${first.cameraName} · ${first.rangeText}`}</span>
      </Stack>
    ),
  });
}
