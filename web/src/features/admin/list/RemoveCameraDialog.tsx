import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { cameraDisplayName } from '../../cameras/cameraModel';
import { actionErrorMessages } from '../actionErrors';
import { useRemoveCameraMutation } from '../adminApi';

export interface RemoveCameraDialogProps {
  networkId: number;
  camera: Camera | null;
  onClose: () => void;
}

/** Confirmation before removing a camera and its recordings; success and failure are told in a toast. */
export function RemoveCameraDialog({ networkId, camera, onClose }: RemoveCameraDialogProps) {
  const { t } = useTranslation('admin');
  const [removeCamera, { isLoading }] = useRemoveCameraMutation();
  const name = camera ? cameraDisplayName(camera) : '';
  const close = () => {
    if (!isLoading) onClose();
  };
  const remove = async () => {
    if (!camera) return;
    try {
      await removeCamera({ networkId, cameraId: camera.id }).unwrap();
      notifications.show({ message: t('camera-removed', { name }), color: 'green' });
      onClose();
    } catch (error) {
      notifications.show({
        title: t('remove-failed', { name }),
        message: actionErrorMessages(error, t).join(' '),
        color: 'red',
      });
    }
  };
  return (
    <Modal
      opened={camera !== null}
      onClose={close}
      title={t('remove-title')}
      closeOnClickOutside={!isLoading}
      closeOnEscape={!isLoading}
      withCloseButton={!isLoading}
    >
      <Stack gap="md">
        <Text>{t('remove-message', { name })}</Text>
        <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {t('remove-warning')}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={isLoading} data-autofocus>
            {t('cancel')}
          </Button>
          <Button color="red" onClick={() => void remove()} loading={isLoading}>
            {t('remove')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
