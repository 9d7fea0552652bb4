import '../usersTexts';
import { Alert, Button, Group, Modal } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { memberErrorMessage } from '../memberModel';

export interface MemberModalProps {
  title: string;
  /** A change is under way: the dialog cannot be dismissed. */
  busy: boolean;
  onClose: () => void;
  children: ReactNode;
}

/** The frame of the member dialogs: mounted while open, so each opening starts afresh. */
export function MemberModal({ title, busy, onClose, children }: MemberModalProps) {
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <Modal
      opened
      onClose={close}
      title={title}
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
    >
      {children}
    </Modal>
  );
}

/** The server's answer to a failed change, shown in the dialog (which stays open). */
export function DialogError({ message }: { message: string | null }) {
  const { t } = useTranslation('users');
  if (message === null) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} title={t('users-change-failed')} role="alert">
      {message}
    </Alert>
  );
}

export interface DialogButtonsProps {
  busy: boolean;
  confirmLabel: string;
  color?: string;
  /** The confirm button submits the dialog's form instead of calling `onConfirm`. */
  submit?: boolean;
  disabled?: boolean;
  onCancel: () => void;
  onConfirm?: () => void;
}

/** Cancel (focused first in confirmations) and the action, which shows a loader while the change is under way. */
export function DialogButtons(props: DialogButtonsProps) {
  const { busy, confirmLabel, color, submit, disabled, onCancel, onConfirm } = props;
  const { t } = useTranslation('users');
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel} disabled={busy} data-autofocus={submit ? undefined : true}>
        {t('cancel')}
      </Button>
      <Button
        type={submit ? 'submit' : 'button'}
        color={color}
        loading={busy}
        disabled={disabled}
        onClick={submit ? undefined : onConfirm}
      >
        {confirmLabel}
      </Button>
    </Group>
  );
}

/** Runs a change; a failure becomes the dialog's error message (the server's words when it gave some). */
export function useDialogAction() {
  const [error, setError] = useState<string | null>(null);
  const run = async (change: () => Promise<void>) => {
    setError(null);
    try {
      await change();
    } catch (failure) {
      setError(memberErrorMessage(failure));
    }
  };
  return { error, run };
}
