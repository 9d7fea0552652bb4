import { IconFileExport } from '@tabler/icons-react';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { LazyDrawerButton } from '../../../components/lazyDrawerButton/LazyDrawerButton';

/**
 * The drawer, its calls (exportsApi), the time picker and the `exports` texts are their own chunk: the camera page's
 * 300 kB budget has no room for them. This file imports none of them. Two steps, as `features/bookmarks/loadParts.ts`:
 * the camera page's code names one small chunk (`drawerPart`) rather than the drawer's chunks with their preload list.
 */
const loadDrawer = () => import('./drawerPart').then((part) => part.loadCameraExportsDrawer());
const CameraExportsDrawer = lazy(() => loadDrawer().then((module) => ({ default: module.CameraExportsDrawer })));

/** Why the camera page cannot open the export drawer: without the export right (no permission data: allowed; §6). */
export function exportBlocker(camera: Camera): 'insufficient-permissions' | null {
  return camera.permissions?.export === false ? 'insufficient-permissions' : null;
}

/**
 * The camera page's 'Export' action: opens the camera's exports drawer (spec 03 §2 "Camera exports drawer"), disabled
 * with 'Insufficient permissions' without the export right, and on a multi-sensor camera (spec 02 §2). The drawer's code is fetched when the pointer or focus
 * reaches the button, or at the latest on the click; the drawer mounts on the first opening and stays mounted
 * (`LazyDrawerButton`).
 */
export function CameraExportButton({ camera }: { camera: Camera }) {
  const { t } = useTranslation('exportButton');
  // A multi-sensor camera's page shows its imagers as a muted wall with export disabled (spec 02 §2).
  const blocker = camera.imager_count > 1 ? 'multi-sensor' : exportBlocker(camera);
  return (
    <LazyDrawerButton
      label={t('export')}
      icon={<IconFileExport size={14} aria-hidden />}
      prefetch={loadDrawer}
      blocker={blocker && t(blocker)}
      loadingLabel={t('loading')}
      renderDrawer={(drawer) => <CameraExportsDrawer {...drawer} camera={camera} />}
    />
  );
}
