import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface ConfirmDeleteModalProps {
  opened: boolean;
  title: string;
  /** The question, e.g. 'Are you sure you want to delete this wall?'. */
  message: string;
  cancelLabel: string;
  deleteLabel: string;
  /** The deletion is under way: the buttons wait and the dialog cannot be dismissed. */
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** A delete confirmation (Cancel / Delete, Cancel focused first); closing it while busy does nothing. */
export function ConfirmDeleteModal({ opened, title, message, cancelLabel, deleteLabel, busy, onCancel, onConfirm }: ConfirmDeleteModalProps) {
  const cancel = () => {
    if (!busy) onCancel();
  };
  return (
    <Modal opened={opened} onClose={cancel} title={title} withCloseButton={!busy}>
      <Stack gap="md">
        <Text>{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={cancel} disabled={busy} data-autofocus>
            {cancelLabel}
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy}>
            {deleteLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
