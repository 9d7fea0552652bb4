import './usersTexts';
import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconClockHour4,
  IconDots,
  IconKey,
  IconShieldOff,
  IconUserCheck,
  IconUserCog,
  IconUserOff,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCurrentNetworkId } from '../../auth/hooks';
import { userPrivilegesPath } from '../organizationPaths';
import { memberErrorMessage } from './memberModel';
import { type Member, useUpdateMemberMutation } from './usersApi';

/** The actions that open a dialog; enabling a member needs none. */
export type MemberDialogKind = 'disable' | 'role' | 'idle-timeout' | 'reset-two-factor';

export interface MemberActionsProps {
  orgId: number;
  member: Member;
  /** The signed-in user's own row: nobody changes their own access, so the menu is not offered. */
  isSelf: boolean;
  onOpen: (kind: MemberDialogKind, member: Member) => void;
}

/**
 * A row's menu: Disable (confirmed) or Enable (at once), Change role, Privileges (their page), Idle timeout, Reset
 * two-factor.
 */
export function MemberActions({ orgId, member, isSelf, onOpen }: MemberActionsProps) {
  const { t } = useTranslation('users');
  const networkId = useCurrentNetworkId();
  const [updateMember, { isLoading: enabling }] = useUpdateMemberMutation();
  const label = t('users-actions-named', { name: member.name });
  if (isSelf) {
    // Drawn disabled yet focusable, so the reason shows on hover and on focus (a disabled button shows no tooltip).
    return (
      <Tooltip label={t('users-self-disabled')} events={{ hover: true, focus: true, touch: false }}>
        <ActionIcon variant="subtle" aria-label={label} aria-disabled data-disabled>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    );
  }
  const enable = async () => {
    try {
      await updateMember({ orgId, userId: member.id, change: { disabled: false } }).unwrap();
      notifications.show({ message: t('users-enabled', { name: member.name }), color: 'green' });
    } catch (error) {
      notifications.show({
        title: t('users-enable-failed', { name: member.name }),
        message: memberErrorMessage(error),
        color: 'red',
      });
    }
  };
  return (
    <Menu position="bottom-end" shadow="md" width={220}>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={label} loading={enabling}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {member.disabled ? (
          <Menu.Item leftSection={<IconUserCheck size={16} aria-hidden />} onClick={() => void enable()}>
            {t('users-enable')}
          </Menu.Item>
        ) : (
          <Menu.Item
            color="red"
            leftSection={<IconUserOff size={16} aria-hidden />}
            onClick={() => onOpen('disable', member)}
          >
            {t('users-disable')}
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconUserCog size={16} aria-hidden />} onClick={() => onOpen('role', member)}>
          {t('users-change-role')}
        </Menu.Item>
        {networkId !== undefined && (
          <Menu.Item
            component={Link}
            to={userPrivilegesPath(networkId, member.id)}
            leftSection={<IconKey size={16} aria-hidden />}
          >
            {t('users-privileges')}
          </Menu.Item>
        )}
        <Menu.Item
          leftSection={<IconClockHour4 size={16} aria-hidden />}
          onClick={() => onOpen('idle-timeout', member)}
        >
          {t('users-idle-timeout')}
        </Menu.Item>
        {member.two_factor_enabled && (
          <Menu.Item
            leftSection={<IconShieldOff size={16} aria-hidden />}
            onClick={() => onOpen('reset-two-factor', member)}
          >
            {t('users-reset-two-factor')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
