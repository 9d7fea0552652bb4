import { Alert, Center, Loader, Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { actionErrorMessages } from '../actionErrors';
import { useAddCameraMutation, useGetCameraSourceQuery, useUpdateCameraMutation } from '../adminApi';
import {
  addCameraInput,
  type CameraFormValues,
  EMPTY_CAMERA_FORM,
  editCameraInput,
  editFormValues,
} from '../cameraForm';
import { CameraForm } from './CameraForm';

export type CameraFormTarget = { mode: 'add' } | { mode: 'edit'; camera: Camera };

export interface CameraFormModalProps {
  networkId: number;
  target: CameraFormTarget | null;
  onClose: () => void;
}

interface FormBodyProps {
  networkId: number;
  onDone: () => void;
  onCancel: () => void;
  onSavingChange: (saving: boolean) => void;
}

function AddCameraForm({ networkId, onDone, onCancel, onSavingChange }: FormBodyProps) {
  const { t } = useTranslation('admin');
  const [addCamera] = useAddCameraMutation();
  const submit = async (values: CameraFormValues) => {
    const camera = await addCamera({ networkId, input: addCameraInput(values) }).unwrap();
    notifications.show({ message: t('camera-added', { name: camera.name || values.name.trim() }), color: 'green' });
    onDone();
  };
  return (
    <CameraForm
      mode="add"
      initialValues={EMPTY_CAMERA_FORM}
      onSubmit={submit}
      onCancel={onCancel}
      onSavingChange={onSavingChange}
    />
  );
}

function EditCameraForm({ networkId, camera, onDone, onCancel, onSavingChange }: FormBodyProps & { camera: Camera }) {
  const { t } = useTranslation('admin');
  const source = useGetCameraSourceQuery(
    { networkId, cameraId: camera.id },
    { refetchOnMountOrArgChange: true },
  );
  const [updateCamera] = useUpdateCameraMutation();
  // The values are read once when the form mounts, so the form waits for the source instead of showing stale data.
  if (!source.data && !source.isError) {
    return (
      <Center mih={200}>
        <Loader aria-label={t('loading-source')} />
      </Center>
    );
  }
  if (!source.data) {
    return (
      <Alert color="red" title={t('source-error')} role="alert">
        {actionErrorMessages(source.error, t).join(' ')}
      </Alert>
    );
  }
  const initialValues = editFormValues(camera, source.data);
  const submit = async (values: CameraFormValues) => {
    const input = editCameraInput(values, initialValues);
    const saved = await updateCamera({ networkId, cameraId: camera.id, input }).unwrap();
    notifications.show({ message: t('camera-saved', { name: saved.name || values.name.trim() }), color: 'green' });
    onDone();
  };
  return (
    <CameraForm
      mode="edit"
      initialValues={initialValues}
      onSubmit={submit}
      onCancel={onCancel}
      onSavingChange={onSavingChange}
    />
  );
}

/** The add/edit dialog; it cannot be closed while a save is under way. */
export function CameraFormModal({ networkId, target, onClose }: CameraFormModalProps) {
  const { t } = useTranslation('admin');
  const [saving, setSaving] = useState(false);
  const close = () => {
    if (!saving) onClose();
  };
  const body: FormBodyProps = { networkId, onDone: onClose, onCancel: close, onSavingChange: setSaving };
  return (
    <Modal
      opened={target !== null}
      onClose={close}
      title={target?.mode === 'edit' ? t('edit-camera') : t('add-camera')}
      closeOnClickOutside={!saving}
      closeOnEscape={!saving}
      withCloseButton={!saving}
      size="lg"
    >
      {target?.mode === 'add' && <AddCameraForm {...body} />}
      {target?.mode === 'edit' && <EditCameraForm key={target.camera.id} camera={target.camera} {...body} />}
    </Modal>
  );
}
