import { Button, Center, Drawer, Loader, Tooltip } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';

/**
 * The drawer, its calls (exportsApi), the time picker and the `exports` texts are their own chunk: the camera page's
 * 300 kB budget has no room for them. This file imports none of them.
 */
const loadDrawer = () => import('./CameraExportsDrawer');
const CameraExportsDrawer = lazy(() => loadDrawer().then((module) => ({ default: module.CameraExportsDrawer })));

/** Why the camera page cannot open the export drawer: without the export right (no permission data: allowed; §6). */
export function exportBlocker(camera: Camera): 'insufficient-permissions' | null {
  return camera.permissions?.export === false ? 'insufficient-permissions' : null;
}

/**
 * The camera page's 'Export' action: opens the camera's exports drawer (spec 03 §2 "Camera exports drawer"), disabled
 * with 'Insufficient permissions' without the export right. The drawer's code is fetched when the pointer or focus
 * reaches the button, or at the latest on the click; the drawer mounts on the first opening and stays mounted.
 */
export function CameraExportButton({ camera }: { camera: Camera }) {
  const { t } = useTranslation('exportButton');
  const [opened, setOpened] = useState(false);
  const [mounted, setMounted] = useState(false);
  const blocker = exportBlocker(camera);
  const prefetch = () => {
    if (!blocker) void loadDrawer();
  };
  const close = () => setOpened(false);
  const button = (
    <Button
      variant="default"
      size="compact-sm"
      leftSection={<IconFileExport size={14} aria-hidden />}
      data-disabled={blocker !== null || undefined}
      aria-disabled={blocker !== null}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={(event) => {
        if (blocker) {
          event.preventDefault();
          return;
        }
        setMounted(true);
        setOpened(true);
      }}
    >
      {t('export')}
    </Button>
  );
  return (
    <>
      {blocker ? <Tooltip label={t(blocker)}>{button}</Tooltip> : button}
      {!blocker && mounted && (
        <Suspense
          fallback={
            <Drawer opened={opened} onClose={close} position="right" size="lg" title={t('export')}>
              <Center py="xl">
                <Loader size="sm" aria-label={t('loading')} />
              </Center>
            </Drawer>
          }
        >
          <CameraExportsDrawer opened={opened} onClose={close} camera={camera} />
        </Suspense>
      )}
    </>
  );
}
