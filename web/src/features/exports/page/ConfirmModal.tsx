import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';

export interface ConfirmModalProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  /** 'red' for destructive actions. */
  color?: string;
  /** The confirmed action; the dialog waits for it, then closes. */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/** A yes/no question before an export action (cancel, delete, rename); the safe button is focused first. */
export function ConfirmModal({ opened, title, message, confirmLabel, cancelLabel, color, onConfirm, onClose }: ConfirmModalProps) {
  const [busy, setBusy] = useState(false);
  const close = () => {
    if (!busy) onClose();
  };
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={title} withCloseButton={!busy}>
      <Stack gap="md">
        <Text>{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={busy} data-autofocus>
            {cancelLabel}
          </Button>
          <Button color={color} onClick={() => void confirm()} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
