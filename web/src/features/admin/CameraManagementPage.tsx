import { Alert, Button, Center, Loader, Text } from '@mantine/core';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../api/types';
import { useGetCamerasQuery } from '../cameras/camerasApi';
import { useCurrentNetworkId } from '../auth/hooks';
import { CameraFormModal, type CameraFormTarget } from './form/CameraFormModal';
import { CameraTable } from './list/CameraTable';
import { RemoveCameraDialog } from './list/RemoveCameraDialog';
import { AdminPage } from './AdminPage';

function CameraListBody({
  networkId,
  onEdit,
  onRemove,
}: {
  networkId: number;
  onEdit: (camera: Camera) => void;
  onRemove: (camera: Camera) => void;
}) {
  const { t } = useTranslation('admin');
  const { data, isLoading, isError, refetch } = useGetCamerasQuery({ networkId });
  if (isLoading) {
    return (
      <Center mih={200}>
        <Loader aria-label={t('loading-cameras')} />
      </Center>
    );
  }
  if (isError || !data) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} title={t('list-error')} role="alert">
        <Button variant="light" color="red" size="xs" mt="xs" onClick={() => void refetch()}>
          {t('retry')}
        </Button>
      </Alert>
    );
  }
  if (data.length === 0) {
    return (
      <Center mih={160}>
        <Text c="dimmed">{t('empty')}</Text>
      </Center>
    );
  }
  return <CameraTable cameras={data} onEdit={onEdit} onRemove={onRemove} />;
}

/** `/n/:networkId/admin/cameras`: the network's cameras with add, edit and remove (gated by `RequireCameraAdmin`). */
export function CameraManagementPage() {
  const { t } = useTranslation('admin');
  const networkId = useCurrentNetworkId();
  const [formTarget, setFormTarget] = useState<CameraFormTarget | null>(null);
  const [removing, setRemoving] = useState<Camera | null>(null);
  if (networkId === undefined) return null;
  return (
    <AdminPage
      title={t('title')}
      description={t('description')}
      actions={
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setFormTarget({ mode: 'add' })}>
          {t('add-camera')}
        </Button>
      }
    >
      <CameraListBody
        networkId={networkId}
        onEdit={(camera) => setFormTarget({ mode: 'edit', camera })}
        onRemove={setRemoving}
      />
      <CameraFormModal networkId={networkId} target={formTarget} onClose={() => setFormTarget(null)} />
      <RemoveCameraDialog networkId={networkId} camera={removing} onClose={() => setRemoving(null)} />
    </AdminPage>
  );
}
