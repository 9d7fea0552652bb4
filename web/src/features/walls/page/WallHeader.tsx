import { Group, Title } from '@mantine/core';
import { useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { WallExportButton } from '../../exports/wall/WallExportButton';
import { MotionSearchButton } from '../../motion-search';
import { ExportChecksContext } from '../tile/exportChecks';
import { wallDisplayName } from '../wallModel';
import type { VideoWall } from '../wallsApi';
import { useNetworkIdParam } from '../../cameras/hooks/useNetworkIdParam';
import { EditWallButton } from './WallEditButtons';
import { WallScreenshotButton } from './WallScreenshotButton';
import { WallShareButton } from './WallShareButton';

/** The wall's cameras in tile order (a tile without camera is one the user may not see). */
function wallCameras(wall: VideoWall): Camera[] {
  return wall.tiles.flatMap((tile) => (tile.camera ? [tile.camera] : []));
}

/**
 * The wall's name ('Untitled wall' when empty) and its actions. 'Motion search' opens the drawer for the wall's
 * searchable cameras (disabled with a tooltip when none may be searched, as on the camera page, also when every tile
 * is hidden; absent on a wall without tiles). It is keyed by the wall: another wall starts with a new drawer and new
 * searches. 'Export' (`WallExportButton`) opens the wall exports drawer, whose entries the tiles' checkboxes mirror;
 * it is disabled with 'Insufficient permissions' when no camera has the export right, absent on a wall without tiles
 * and keyed by the wall too. 'Screenshot' (`WallScreenshotButton`) saves the wall as seen (absent on a wall without
 * tiles).
 */
export function WallHeader({ wall }: { wall: VideoWall }) {
  const { t } = useTranslation('walls');
  const networkId = useNetworkIdParam();
  const cameras = useMemo(() => wallCameras(wall), [wall]);
  const exportChecks = useContext(ExportChecksContext);
  const pageNetworkId = Number.isNaN(networkId) ? wall.network_id : networkId;
  return (
    <Group justify="space-between" wrap="wrap" w="100%" gap="sm">
      <Title order={2} size="h3" fw={500} style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {wallDisplayName(wall, t('untitled-wall'))}
      </Title>
      <Group gap="xs" wrap="wrap">
        {wall.tiles.length > 0 && <MotionSearchButton key={wall.id} cameras={cameras} networkId={pageNetworkId} />}
        {wall.tiles.length > 0 && (
          <WallExportButton key={`export-${wall.id}`} wall={wall} networkId={pageNetworkId} checks={exportChecks} />
        )}
        {wall.tiles.length > 0 && <WallScreenshotButton wall={wall} />}
        <EditWallButton networkId={networkId} wallId={wall.id} />
        <WallShareButton />
      </Group>
    </Group>
  );
}
