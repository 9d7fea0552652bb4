import { Menu } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCurrentNetworkId, useNetworks } from '../auth/hooks';
import { userManagementPath } from './paths';
import { useCanManageUsers } from './users/useCanManageUsers';

/**
 * 'Manage users' in the user menu, for org-write administrators; nothing otherwise. The members are the
 * organization's, so the entry is there on every page: the page opens in the current network, else the first one.
 */
export function ManageUsersMenuItem() {
  const { t } = useTranslation('admin');
  const allowed = useCanManageUsers();
  const currentNetworkId = useCurrentNetworkId();
  const networks = useNetworks();
  const networkId = currentNetworkId ?? networks[0]?.id;
  if (!allowed || networkId === undefined) return null;
  return (
    <Menu.Item component={Link} to={userManagementPath(networkId)} leftSection={<IconUsers size={16} aria-hidden />}>
      {t('manage-users')}
    </Menu.Item>
  );
}
