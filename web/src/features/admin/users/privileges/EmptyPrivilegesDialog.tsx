import '../usersTexts';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DialogButtons, MemberModal } from '../dialogs/MemberModal';

export interface EmptyPrivilegesDialogProps {
  name: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asked before saving an empty list: no permission data means every right on every network (spec 01 §4). */
export function EmptyPrivilegesDialog({ name, busy, onCancel, onConfirm }: EmptyPrivilegesDialogProps) {
  const { t } = useTranslation('users');
  return (
    <MemberModal title={t('privileges-empty-confirm-title')} busy={busy} onClose={onCancel}>
      <Stack gap="md">
        <Text>{t('privileges-empty-confirm-message', { name })}</Text>
        <DialogButtons
          busy={busy}
          color="orange"
          confirmLabel={t('privileges-empty-confirm')}
          onCancel={onCancel}
          onConfirm={onConfirm}
        />
      </Stack>
    </MemberModal>
  );
}
