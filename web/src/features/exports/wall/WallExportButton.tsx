import { IconFileExport } from '@tabler/icons-react';
import { lazy, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { LazyDrawerButton } from '../../../components/lazyDrawerButton/LazyDrawerButton';
import type { ExportChecks } from '../../walls/tile/exportChecks';
import type { VideoWall } from '../../walls/wallsApi';
import { WALL_EXPORTS_DRAWER_LAYOUT } from './drawerLayout';

/**
 * The drawer, its calls, the time picker and the `exports` texts are their own chunk (the wall page's JS budget). Two
 * steps, as `features/bookmarks/loadParts.ts`: the wall page's code names one small chunk (`drawerPart`) rather than
 * the drawer's thirty-odd chunks with their preload list (file names, which compress badly).
 */
const loadDrawer = () => import('./drawerPart').then((part) => part.loadWallExportsDrawer());
const WallExportsDrawer = lazy(() => loadDrawer().then((module) => ({ default: module.WallExportsDrawer })));

/**
 * Why the wall cannot open the export drawer: it can when any of its cameras has the export right, or carries no
 * permission data (spec 03 §6); a wall whose tiles all hide their camera has none.
 */
export function wallExportBlocker(cameras: readonly Pick<Camera, 'permissions'>[]): 'insufficient-permissions' | null {
  return cameras.some((camera) => camera.permissions?.export !== false) ? null : 'insufficient-permissions';
}

export interface WallExportButtonProps {
  wall: VideoWall;
  /** The network of the page: its recent exports are listed. */
  networkId: number;
  /** The wall view's tile checkboxes (null: none to show). */
  checks: ExportChecks | null;
}

/**
 * The wall page header's 'Export' action: opens the wall exports drawer (side drawer EXPORTS_VIDEO_WALL), disabled
 * with 'Insufficient permissions' when no camera may be exported. All the wall page loads of it (texts in the entry's
 * `exportButton` namespace); the drawer is fetched on pointer-enter, focus or click (`LazyDrawerButton`).
 */
export function WallExportButton({ wall, networkId, checks }: WallExportButtonProps) {
  const { t } = useTranslation('exportButton');
  const blocker = useMemo(
    () => wallExportBlocker(wall.tiles.flatMap((tile) => (tile.camera ? [tile.camera] : []))),
    [wall],
  );
  return (
    <LazyDrawerButton
      label={t('export')}
      icon={<IconFileExport size={14} aria-hidden />}
      prefetch={loadDrawer}
      blocker={blocker && t(blocker)}
      loadingLabel={t('loading')}
      drawerSize={WALL_EXPORTS_DRAWER_LAYOUT.size}
      drawerProps={WALL_EXPORTS_DRAWER_LAYOUT}
      renderDrawer={(drawer) => <WallExportsDrawer {...drawer} wall={wall} networkId={networkId} checks={checks} />}
    />
  );
}
