import { Group, Text, Title } from '@mantine/core';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { AccessControlButton } from '../../access-control/components/AccessControlButton';
import { ManageCamerasButton } from '../../admin/ManageCamerasButton';
import { BookmarkButton } from '../../bookmarks/components/BookmarkButton';
// From its file, not the feature's index: the exports feature's index is the exports page's chunk.
import { CameraExportButton } from '../../exports/camera/CameraExportButton';
// From its file, not the feature's index: the index also re-exports the event search's pieces (clip player, region
// editor …), which would then load with every camera page (1.6 kB Brotli of its 300 kB budget).
import { MotionSearchButton } from '../../motion-search/components/MotionSearchButton';
import { cameraDisplayName } from '../cameraModel';
import { CameraStatus } from '../status/CameraStatus';
import { CameraTagsPopover } from './CameraTagsPopover';
import { RelatedWallsPopover } from './RelatedWallsPopover';
import { ShareButton } from './ShareButton';

export interface CameraHeaderProps {
  camera: Camera;
  /** The recorded video's time the viewer shows (null when live), for 'Clip bookmark'. */
  playheadRef?: RefObject<number | null>;
}

/** Name, tags, related walls, model and status of the camera, with the page actions on the right. */
export function CameraHeader({ camera, playheadRef }: CameraHeaderProps) {
  const { t } = useTranslation('cameras');
  return (
    <Group justify="space-between" align="center" wrap="wrap" gap="sm">
      <Group gap="sm" align="center" wrap="wrap">
        <Title order={2} size="h3">
          {cameraDisplayName(camera)}
        </Title>
        <CameraTagsPopover tags={camera.tags} />
        <RelatedWallsPopover networkId={camera.network_id} channelId={camera.channel.id} />
        {camera.model?.trim() && (
          <Text size="sm" c="dimmed">
            {t('model')}: {camera.model}
          </Text>
        )}
        <CameraStatus camera={camera} />
      </Group>
      <Group gap="xs">
        <ManageCamerasButton />
        <AccessControlButton camera={camera} />
        <BookmarkButton camera={camera} playheadRef={playheadRef} />
        <MotionSearchButton camera={camera} />
        <CameraExportButton camera={camera} />
        <ShareButton />
      </Group>
    </Group>
  );
}
