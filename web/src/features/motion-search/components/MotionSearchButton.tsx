import { Button, Center, Drawer, Loader, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconZoomScan } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';

/** The drawer and its date-time picker are their own chunk: the camera page does not download them until asked. */
const loadDrawer = () => import('./MotionSearchDrawer');
const MotionSearchDrawer = lazy(() => loadDrawer().then((module) => ({ default: module.MotionSearchDrawer })));

/** Why the camera page cannot open motion search, if it cannot (spec 02 §2, spec 03 §6). */
export function motionSearchBlocker(camera: Camera): 'pandora-enabled' | 'insufficient-permissions' | null {
  if (camera.permissions?.historical === false) return 'insufficient-permissions';
  if (camera.config?.pandora?.isEnabled === true) return 'pandora-enabled';
  return null;
}

/**
 * 'Motion search' action of the camera page header; opens the drawer for this one camera. The drawer mounts on the
 * first opening and stays mounted, so a search keeps running and its results stay while it is closed; its code is
 * fetched when the pointer or focus reaches the button, or at the latest on the click.
 */
export function MotionSearchButton({ camera }: { camera: Camera }) {
  const { t } = useTranslation('motionSearch');
  const [opened, { open, close }] = useDisclosure(false);
  const [mounted, setMounted] = useState(false);
  const blocker = motionSearchBlocker(camera);
  const prefetch = () => {
    if (!blocker) void loadDrawer();
  };
  const button = (
    <Button
      variant="default"
      size="compact-sm"
      leftSection={<IconZoomScan size={14} aria-hidden />}
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
        open();
      }}
    >
      {t('motion-search')}
    </Button>
  );
  const loading = (
    <Drawer opened={opened} onClose={close} position="right" size="xl" title={t('motion-search')}>
      <Center py="xl">
        <Loader size="sm" aria-label={t('loading')} />
      </Center>
    </Drawer>
  );
  return (
    <>
      {blocker ? <Tooltip label={t(blocker)}>{button}</Tooltip> : button}
      {!blocker && mounted && (
        <Suspense fallback={loading}>
          <MotionSearchDrawer opened={opened} onClose={close} networkId={camera.network_id} cameras={[camera]} />
        </Suspense>
      )}
    </>
  );
}
