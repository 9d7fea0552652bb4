import '../usersTexts';
import { Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { type MemberRole, roleChange } from '../memberModel';
import { userPrivilegesPath } from '../../organizationPaths';
import { type Invitation, useInviteMemberMutation } from '../usersApi';
import { DialogButtons, DialogError, MemberModal, useDialogAction } from './MemberModal';
import { RoleSelect } from './RoleSelect';

const MAX_EMAIL = 254;
const MAX_NAME = 255;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface InviteMemberDialogProps {
  orgId: number;
  /** The page's network: a new viewer starts with live video of it. */
  networkId: number;
  onClose: () => void;
}

/** What the form sends: a viewer gets live video of the current network, refined on their privileges page next. */
export function invitationOf(email: string, name: string, role: MemberRole, networkId: number): Invitation {
  const invitation: Invitation = { email: email.trim(), ...roleChange(role) };
  if (name.trim() !== '') invitation.name = name.trim();
  if (role === 'viewer') {
    invitation.privileges = [
      {
        scope: 'network',
        network_id: networkId,
        rights: { write: false, export: false, historical: false, live: true },
      },
    ];
  }
  return invitation;
}

/** Invite by e-mail: address, optional name, role; the server sends the e-mail with the link to choose a password. */
export function InviteMemberDialog({ orgId, networkId, onClose }: InviteMemberDialogProps) {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<MemberRole>('viewer');
  const [checked, setChecked] = useState(false);
  const [inviteMember, { isLoading }] = useInviteMemberMutation();
  const { error, run } = useDialogAction();
  const emailError = EMAIL_SHAPE.test(email.trim()) ? null : t('users-invite-email-error');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    if (isLoading || emailError) return;
    void run(async () => {
      const member = await inviteMember({ orgId, invitation: invitationOf(email, name, role, networkId) }).unwrap();
      notifications.show({ message: t('users-invited', { email: member.email }), color: 'green' });
      onClose();
      if (role === 'viewer') navigate(userPrivilegesPath(networkId, member.id));
    });
  };
  return (
    <MemberModal title={t('users-invite-title')} busy={isLoading} onClose={onClose}>
      <form noValidate onSubmit={submit} aria-busy={isLoading}>
        <Stack gap="md">
          <TextInput
            label={t('users-field-email')}
            type="email"
            required
            value={email}
            maxLength={MAX_EMAIL}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={checked && emailError ? emailError : undefined}
            disabled={isLoading}
            data-autofocus
          />
          <TextInput
            label={t('users-field-name')}
            description={t('users-field-name-description')}
            value={name}
            maxLength={MAX_NAME}
            onChange={(event) => setName(event.currentTarget.value)}
            disabled={isLoading}
          />
          <RoleSelect value={role} onChange={setRole} disabled={isLoading} />
          <Text size="sm" c="dimmed">
            {role === 'viewer' ? t('users-invite-viewer-note') : t(`users-role-description-${role}`)}
          </Text>
          <DialogError message={error} />
          <DialogButtons submit busy={isLoading} confirmLabel={t('users-invite-send')} onCancel={onClose} />
        </Stack>
      </form>
    </MemberModal>
  );
}
