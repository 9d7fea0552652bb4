import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteModal } from '../../../components/ConfirmDeleteModal';

export interface DeleteWallModalProps {
  opened: boolean;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** 'Delete wall': 'Are you sure you want to delete this wall?' with Cancel / Delete (spec 01 §2, 02 §4). */
export function DeleteWallModal({ opened, deleting, onCancel, onConfirm }: DeleteWallModalProps) {
  const { t } = useTranslation('wallEditor');
  return (
    <ConfirmDeleteModal
      opened={opened}
      title={t('delete-wall')}
      message={t('delete-confirm')}
      cancelLabel={t('cancel')}
      deleteLabel={t('delete')}
      busy={deleting}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}

export interface DeleteWallButtonProps {
  deleting: boolean;
  /** Resolves when the call is over (the dialog then closes). */
  onConfirm: () => Promise<void>;
}

/** The editor's 'Delete wall' button and its confirmation. */
export function DeleteWallButton({ deleting, onConfirm }: DeleteWallButtonProps) {
  const { t } = useTranslation('wallEditor');
  const [opened, setOpened] = useState(false);
  const confirm = async () => {
    await onConfirm();
    setOpened(false);
  };
  return (
    <>
      <Button
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={16} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {t('delete-wall')}
      </Button>
      <DeleteWallModal
        opened={opened}
        deleting={deleting}
        onCancel={() => setOpened(false)}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
