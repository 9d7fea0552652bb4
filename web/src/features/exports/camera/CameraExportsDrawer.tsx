import '../exportsTexts';
import { Box, Divider, Drawer, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { cameraDisplayName } from '../../cameras/cameraModel';
import { EXPORTS_CAMERA_DRAWER } from '../constants';
import { useExportClock } from '../hooks/useExportClock';
import { useRecentExports } from '../hooks/useRecentExports';
import { CameraExportDetail } from './CameraExportDetail';
import { CreateExportForm } from './CreateExportForm';
import { RecentExports } from './RecentExports';

export interface CameraExportsDrawerProps {
  opened: boolean;
  onClose: () => void;
  camera: Camera;
}

/**
 * The camera page's exports drawer (side drawer EXPORTS_CAMERA, spec 03 §2): the create form, then the camera's recent
 * exports (an infinite list), and a detail view of one of them with back. While the drawer is open, the camera's
 * jobs still to be done are asked for every 5 s. Its owner keeps it mounted once opened (its own chunk).
 */
export function CameraExportsDrawer({ opened, onClose, camera }: CameraExportsDrawerProps) {
  const { t } = useTranslation('exports');
  const networkId = camera.network_id;
  const clock = useExportClock();
  const recent = useRecentExports({ networkId, videoChannelId: camera.channel.id, polling: opened });
  const { detail } = recent;
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="lg"
      title={t('camera-drawer-title')}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <Stack gap="md" data-testid="camera-exports-drawer" data-drawer={EXPORTS_CAMERA_DRAWER}>
        {detail && <CameraExportDetail networkId={networkId} job={detail} clock={clock} onBack={recent.closeDetail} />}
        {/* Hidden rather than unmounted in the detail view: the form keeps what was typed, the list its place. */}
        <Box display={detail ? 'none' : undefined}>
          <Stack gap="md">
            <Text fw={500}>{cameraDisplayName(camera)}</Text>
            <CreateExportForm camera={camera} opened={opened} timeZone={clock.timeZone} />
            <Divider label={t('recent-exports')} labelPosition="left" />
            <RecentExports {...recent.listProps} clock={clock} emptyText={t('no-recent-exports')} />
          </Stack>
        </Box>
      </Stack>
    </Drawer>
  );
}
