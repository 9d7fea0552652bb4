import { Button } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCurrentNetworkId } from '../auth/hooks';
import { cameraManagementPath } from './paths';
import { useCanManageCameras } from './useCanManageCameras';

/** 'Manage cameras' in the camera page header, for the users who may manage them; nothing otherwise. */
export function ManageCamerasButton() {
  const { t } = useTranslation('admin');
  const networkId = useCurrentNetworkId();
  const allowed = useCanManageCameras(networkId);
  if (!allowed || networkId === undefined) return null;
  return (
    <Button
      component={Link}
      to={cameraManagementPath(networkId)}
      variant="default"
      size="xs"
      leftSection={<IconSettings size={16} aria-hidden />}
    >
      {t('manage-cameras')}
    </Button>
  );
}
