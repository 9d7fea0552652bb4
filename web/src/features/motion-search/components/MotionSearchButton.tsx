import { Button, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconZoomScan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { MotionSearchDrawer } from './MotionSearchDrawer';

/** Why the camera page cannot open motion search, if it cannot (spec 02 §2, spec 03 §6). */
export function motionSearchBlocker(camera: Camera): 'pandora-enabled' | 'insufficient-permissions' | null {
  if (camera.permissions?.historical === false) return 'insufficient-permissions';
  if (camera.config?.pandora?.isEnabled === true) return 'pandora-enabled';
  return null;
}

/** 'Motion search' action of the camera page header; opens the drawer for this one camera. */
export function MotionSearchButton({ camera }: { camera: Camera }) {
  const { t } = useTranslation('motionSearch');
  const [opened, { open, close }] = useDisclosure(false);
  const blocker = motionSearchBlocker(camera);
  const button = (
    <Button
      variant="default"
      size="compact-sm"
      leftSection={<IconZoomScan size={14} aria-hidden />}
      data-disabled={blocker !== null || undefined}
      aria-disabled={blocker !== null}
      onClick={(event) => {
        if (blocker) event.preventDefault();
        else open();
      }}
    >
      {t('motion-search')}
    </Button>
  );
  return (
    <>
      {blocker ? <Tooltip label={t(blocker)}>{button}</Tooltip> : button}
      {!blocker && (
        <MotionSearchDrawer opened={opened} onClose={close} networkId={camera.network_id} cameras={[camera]} />
      )}
    </>
  );
}
