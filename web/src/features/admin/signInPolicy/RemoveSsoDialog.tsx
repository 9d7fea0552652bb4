import './signInPolicyTexts';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface RemoveSsoDialogProps {
  /** The identifier that stops working. */
  identifier: string;
  /** The save is under way: the dialog cannot be dismissed. */
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asked before a save removes single sign-on: members who signed in only that way will need a password. */
export function RemoveSsoDialog({ identifier, busy, onCancel, onConfirm }: RemoveSsoDialogProps) {
  const { t } = useTranslation('signInPolicy');
  const close = () => {
    if (!busy) onCancel();
  };
  return (
    <Modal
      opened
      onClose={close}
      title={t('remove-sso-title')}
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
    >
      <Stack gap="md">
        <Text>{t('remove-sso-message', { identifier })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy} data-autofocus>
            {t('cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={onConfirm}>
            {t('remove-sso-confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
