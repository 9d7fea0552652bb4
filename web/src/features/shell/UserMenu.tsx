import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconBuildingSkyscraper,
  IconCheck,
  IconLanguage,
  IconLogout,
  IconMessageCircle,
  IconShieldLock,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { OrganizationAdminMenuItems } from '../admin/OrganizationAdminMenuItems';
import { useCurrentUser } from '../auth/hooks';
import { usePreference, useSetPreference } from '../preferences/hooks';
import { SUPPORTED_LOCALES } from '../preferences/preferencesSlice';
import { signOut } from '../session/signOut';
import { shellActions } from './shellSlice';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}

export function UserMenu() {
  const { t } = useTranslation('shell');
  const dispatch = useAppDispatch();
  const user = useCurrentUser();
  const locale = usePreference('locale');
  const setPreference = useSetPreference();
  if (!user) return null;
  return (
    <Menu position="bottom-end" width={260} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={t('user-menu')}>
          <Avatar color="blue" radius="xl">
            {initials(user.name)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text fw={600} c="bright" truncate>
            {user.name}
          </Text>
          <Text size="xs" truncate>
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconBuildingSkyscraper size={16} aria-hidden />}
          onClick={() => dispatch(shellActions.dialogOpened('change-org'))}
        >
          {t('change-organization')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconShieldLock size={16} aria-hidden />}
          onClick={() => dispatch(shellActions.dialogOpened('two-factor'))}
        >
          {t('two-factor-authentication')}
        </Menu.Item>
        <OrganizationAdminMenuItems />
        <Menu.Divider />
        <Menu.Label>
          <IconLanguage size={12} aria-hidden /> {t('language')}
        </Menu.Label>
        {SUPPORTED_LOCALES.map((code) => (
          <Menu.Item
            key={code}
            lang={code}
            rightSection={code === locale ? <IconCheck size={14} aria-label={t('selected')} /> : null}
            onClick={() => setPreference('locale', code)}
          >
            {t(`language-${code}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconMessageCircle size={16} aria-hidden />}
          onClick={() => dispatch(shellActions.dialogOpened('feedback'))}
        >
          {t('send-feedback')}
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void dispatch(signOut())}>
          {t('sign-out')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
