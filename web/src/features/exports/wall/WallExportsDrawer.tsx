import '../exportsTexts';
import { Box, Divider, Drawer, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ExportChecks } from '../../walls/tile/exportChecks';
import type { VideoWall } from '../../walls/wallsApi';
import { CameraExportDetail } from '../camera/CameraExportDetail';
import { RecentExports } from '../camera/RecentExports';
import { EXPORTS_VIDEO_WALL_DRAWER } from '../constants';
import { useExportClock } from '../hooks/useExportClock';
import { useRecentExports } from '../hooks/useRecentExports';
import { WALL_EXPORTS_DRAWER_LAYOUT } from './drawerLayout';
import { useWallExport } from './useWallExport';
import { WallExportForm } from './WallExportForm';

export interface WallExportsDrawerProps {
  opened: boolean;
  onClose: () => void;
  wall: VideoWall;
  /** The page's network: its recent exports are listed. */
  networkId: number;
  /** The wall view's tile checkboxes (null: none). */
  checks: ExportChecks | null;
}

/**
 * The wall page's exports drawer (side drawer EXPORTS_VIDEO_WALL, spec 03 §2 "Video wall exports drawer"): one export
 * entry per tile with a camera (`WallExportForm`), then the network's recent exports with a detail view, as in the
 * camera's drawer. Without overlay: the tiles' checkboxes beside it mirror the entries' selection. Its button keeps it
 * mounted once opened (its own chunk).
 */
export function WallExportsDrawer({ opened, onClose, wall, networkId, checks }: WallExportsDrawerProps) {
  const { t } = useTranslation('exports');
  const clock = useExportClock();
  const wallExport = useWallExport(wall, opened, checks);
  const recent = useRecentExports({ networkId, polling: opened });
  const { detail } = recent;
  return (
    <Drawer
      {...WALL_EXPORTS_DRAWER_LAYOUT}
      opened={opened}
      onClose={onClose}
      title={t('wall-drawer-title')}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <Stack gap="md" data-testid="wall-exports-drawer" data-drawer={EXPORTS_VIDEO_WALL_DRAWER}>
        {detail && <CameraExportDetail networkId={networkId} job={detail} clock={clock} onBack={recent.closeDetail} />}
        {/* Hidden rather than unmounted in the detail view: the entries keep what was typed, the list its place. */}
        <Box display={detail ? 'none' : undefined}>
          <Stack gap="md">
            <WallExportForm wallExport={wallExport} timeZone={clock.timeZone} />
            <Divider label={t('recent-exports')} labelPosition="left" />
            <RecentExports {...recent.listProps} clock={clock} emptyText={t('no-network-exports')} />
          </Stack>
        </Box>
      </Stack>
    </Drawer>
  );
}
