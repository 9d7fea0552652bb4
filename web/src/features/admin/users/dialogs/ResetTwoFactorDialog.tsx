import '../usersTexts';
import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useResetMemberTwoFactorMutation } from '../usersApi';
import type { MemberDialogProps } from './DisableMemberDialog';
import { DialogButtons, DialogError, MemberModal, useDialogAction } from './MemberModal';

/** Confirmation before deleting a member's authenticator and recovery codes. */
export function ResetTwoFactorDialog({ orgId, member, onClose }: MemberDialogProps) {
  const { t } = useTranslation('users');
  const [resetTwoFactor, { isLoading }] = useResetMemberTwoFactorMutation();
  const { error, run } = useDialogAction();
  const reset = () =>
    run(async () => {
      await resetTwoFactor({ orgId, userId: member.id }).unwrap();
      notifications.show({ message: t('users-two-factor-reset', { name: member.name }), color: 'green' });
      onClose();
    });
  return (
    <MemberModal title={t('users-reset-two-factor-title')} busy={isLoading} onClose={onClose}>
      <Stack gap="md">
        <Text>{t('users-reset-two-factor-message', { name: member.name })}</Text>
        <DialogError message={error} />
        <DialogButtons
          busy={isLoading}
          color="red"
          confirmLabel={t('users-reset')}
          onCancel={onClose}
          onConfirm={() => void reset()}
        />
      </Stack>
    </MemberModal>
  );
}
