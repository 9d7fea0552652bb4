import { Menu } from '@mantine/core';
import { IconListSearch, IconLock, IconMessageCircle, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCurrentNetworkId, useNetworks } from '../auth/hooks';
import {
  accessLogPath,
  feedbackPath,
  searchTelemetryPath,
  signInPolicyPath,
  userManagementPath,
} from './organizationPaths';
import { useCanManageUsers } from './users/useCanManageUsers';

/**
 * 'Manage users', 'Access log', 'Sign-in policy', 'Feedback' and 'Search telemetry' in the user menu, for org-write
 * administrators; nothing otherwise. The pages are the organization's, so the entries are there on every page: they
 * open in the current network, else the first one.
 * (The shell is on every page's JavaScript budget: the icons are ones the shell already loads; 'Feedback' has the
 * icon of 'Send feedback', 'Search telemetry' the list-search icon of 'Access log' — the shell loads no chart icon.)
 */
export function OrganizationAdminMenuItems() {
  const { t } = useTranslation('admin');
  const allowed = useCanManageUsers();
  const currentNetworkId = useCurrentNetworkId();
  const networks = useNetworks();
  const networkId = currentNetworkId ?? networks[0]?.id;
  if (!allowed || networkId === undefined) return null;
  return (
    <>
      <Menu.Item component={Link} to={userManagementPath(networkId)} leftSection={<IconUsers size={16} aria-hidden />}>
        {t('manage-users')}
      </Menu.Item>
      <Menu.Item component={Link} to={accessLogPath(networkId)} leftSection={<IconListSearch size={16} aria-hidden />}>
        {t('access-log')}
      </Menu.Item>
      <Menu.Item component={Link} to={signInPolicyPath(networkId)} leftSection={<IconLock size={16} aria-hidden />}>
        {t('sign-in-policy')}
      </Menu.Item>
      <Menu.Item
        component={Link}
        to={feedbackPath(networkId)}
        leftSection={<IconMessageCircle size={16} aria-hidden />}
      >
        {t('feedback')}
      </Menu.Item>
      <Menu.Item
        component={Link}
        to={searchTelemetryPath(networkId)}
        leftSection={<IconListSearch size={16} aria-hidden />}
      >
        {t('search-telemetry')}
      </Menu.Item>
    </>
  );
}
