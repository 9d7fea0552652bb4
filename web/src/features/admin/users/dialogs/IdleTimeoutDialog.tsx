import '../usersTexts';
import { NumberInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { idleTimeoutError, MAX_IDLE_TIMEOUT_MINUTES, MIN_IDLE_TIMEOUT_MINUTES } from '../memberModel';
import { useUpdateMemberMutation } from '../usersApi';
import type { MemberDialogProps } from './DisableMemberDialog';
import { DialogButtons, DialogError, MemberModal, useDialogAction } from './MemberModal';

const LIMITS = { min: MIN_IDLE_TIMEOUT_MINUTES, max: MAX_IDLE_TIMEOUT_MINUTES };

/** The member's idle timeout in whole minutes (1–14400), checked before anything is sent. */
export function IdleTimeoutDialog({ orgId, member, onClose }: MemberDialogProps) {
  const { t } = useTranslation('users');
  const [value, setValue] = useState<number | ''>(member.min_idle_timeout);
  const [submitted, setSubmitted] = useState(false);
  const [updateMember, { isLoading }] = useUpdateMemberMutation();
  const { error, run } = useDialogAction();
  // After a first submit the message follows the typing, so a fixed value loses it at once.
  const invalid = submitted ? idleTimeoutError(value) : null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    setSubmitted(true);
    if (value === '' || idleTimeoutError(value) !== null) return;
    void run(async () => {
      await updateMember({ orgId, userId: member.id, change: { min_idle_timeout: value } }).unwrap();
      notifications.show({ message: t('users-idle-timeout-saved', { name: member.name }), color: 'green' });
      onClose();
    });
  };
  return (
    <MemberModal title={t('users-idle-timeout-title', { name: member.name })} busy={isLoading} onClose={onClose}>
      <form noValidate onSubmit={submit} aria-busy={isLoading}>
        <Stack gap="md">
          <NumberInput
            label={t('users-field-idle-timeout')}
            description={t('users-field-idle-timeout-description', LIMITS)}
            value={value}
            error={invalid ? t(invalid, LIMITS) : undefined}
            onChange={(next) => setValue(typeof next === 'number' ? next : '')}
            min={MIN_IDLE_TIMEOUT_MINUTES}
            max={MAX_IDLE_TIMEOUT_MINUTES}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            disabled={isLoading}
            required
            data-autofocus
          />
          <DialogError message={error} />
          <DialogButtons submit busy={isLoading} confirmLabel={t('save')} onCancel={onClose} />
        </Stack>
      </form>
    </MemberModal>
  );
}
