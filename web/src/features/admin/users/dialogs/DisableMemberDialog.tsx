import '../usersTexts';
import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { type Member, useUpdateMemberMutation } from '../usersApi';
import { DialogButtons, DialogError, MemberModal, useDialogAction } from './MemberModal';

export interface MemberDialogProps {
  orgId: number;
  member: Member;
  onClose: () => void;
}

/** Confirmation before disabling a member: they lose this organization until enabled again. */
export function DisableMemberDialog({ orgId, member, onClose }: MemberDialogProps) {
  const { t } = useTranslation('users');
  const [updateMember, { isLoading }] = useUpdateMemberMutation();
  const { error, run } = useDialogAction();
  const disable = () =>
    run(async () => {
      await updateMember({ orgId, userId: member.id, change: { disabled: true } }).unwrap();
      notifications.show({ message: t('users-disabled', { name: member.name }), color: 'green' });
      onClose();
    });
  return (
    <MemberModal title={t('users-disable-title')} busy={isLoading} onClose={onClose}>
      <Stack gap="md">
        <Text>{t('users-disable-message', { name: member.name })}</Text>
        <DialogError message={error} />
        <DialogButtons
          busy={isLoading}
          color="red"
          confirmLabel={t('users-disable')}
          onCancel={onClose}
          onConfirm={() => void disable()}
        />
      </Stack>
    </MemberModal>
  );
}
