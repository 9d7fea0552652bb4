import '../usersTexts';
import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type MemberRole, memberRole, ROLE_LABEL_KEYS, roleChange } from '../memberModel';
import { useUpdateMemberMutation } from '../usersApi';
import type { MemberDialogProps } from './DisableMemberDialog';
import { DialogButtons, DialogError, MemberModal, useDialogAction } from './MemberModal';
import { RoleSelect } from './RoleSelect';

/** Viewer, Administrator or Org-write administrator; sends both flags (`is_admin`, `is_org_write_admin`). */
export function ChangeRoleDialog({ orgId, member, onClose }: MemberDialogProps) {
  const { t } = useTranslation('users');
  const current = memberRole(member);
  const [role, setRole] = useState<MemberRole>(current);
  const [updateMember, { isLoading }] = useUpdateMemberMutation();
  const { error, run } = useDialogAction();
  const roleLabel = t(ROLE_LABEL_KEYS[role]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading || role === current) return;
    void run(async () => {
      await updateMember({ orgId, userId: member.id, change: roleChange(role) }).unwrap();
      notifications.show({ message: t('users-role-changed', { name: member.name, role: roleLabel }), color: 'green' });
      onClose();
    });
  };
  return (
    <MemberModal title={t('users-change-role-title', { name: member.name })} busy={isLoading} onClose={onClose}>
      <form noValidate onSubmit={submit} aria-busy={isLoading}>
        <Stack gap="md">
          <RoleSelect value={role} onChange={setRole} disabled={isLoading} autoFocus />
          <Text size="sm" c="dimmed">
            {t(`users-role-description-${role}`)}
          </Text>
          <DialogError message={error} />
          <DialogButtons
            submit
            busy={isLoading}
            confirmLabel={t('save')}
            disabled={role === current}
            onCancel={onClose}
          />
        </Stack>
      </form>
    </MemberModal>
  );
}
