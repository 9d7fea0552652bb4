import { Avatar, Button, Divider, NavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  IconArrowBackUp,
  IconCamera,
  IconFileExport,
  IconLayoutGrid,
  IconListSearch,
  IconSettings,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, useMatch } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { cameraManagementPath } from '../admin/paths';
import { useCanManageCameras } from '../admin/useCanManageCameras';
import { useCurrentNetwork, useCurrentNetworkId, useCurrentUser, useNetworkPermissions } from '../auth/hooks';
import { isAdmin, isMonitorOnlyAdmin } from '../auth/permissions';
import { shellActions } from './shellSlice';

function SectionLink({ to, label, icon }: { to: string; label: string; icon: ReactNode }) {
  return (
    <NavLink
      component={RouterNavLink}
      to={to}
      label={label}
      leftSection={icon}
      variant="light"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    />
  );
}

function NetworkButton() {
  const { t } = useTranslation('shell');
  const dispatch = useAppDispatch();
  const network = useCurrentNetwork();
  const onOverview = useMatch('/overview') !== null;
  const organizationName = useAppSelector((state) => state.app.env?.organization.name);
  const name = onOverview ? organizationName : network?.name;
  return (
    <UnstyledButton
      aria-label={onOverview ? t('change-organization') : t('select-network')}
      onClick={() => dispatch(shellActions.dialogOpened(onOverview ? 'change-org' : 'network-select'))}
      p="xs"
      style={{ borderRadius: 'var(--mantine-radius-md)', display: 'flex', alignItems: 'center', gap: 12 }}
    >
      <Avatar color="blue" radius="md" variant="filled">
        {name ? name.charAt(0).toUpperCase() : '?'}
      </Avatar>
      <Text fw={600} truncate>
        {name ?? t('select-network')}
      </Text>
    </UnstyledButton>
  );
}

/** Side navigation: network selector, section links by permission, back to the dashboard for administrators. */
export function SideNav() {
  const { t } = useTranslation('shell');
  const { t: tAdmin } = useTranslation('admin');
  const user = useCurrentUser();
  const networkId = useCurrentNetworkId();
  const permissions = useNetworkPermissions(networkId);
  const canManageCameras = useCanManageCameras(networkId);
  const manageUrl = useAppSelector((state) => state.app.env?.manage_url);
  const monitorOnly =
    networkId !== undefined && (isMonitorOnlyAdmin(user, networkId) || Boolean(permissions?.is_monitor_only_admin));
  const showLinks = networkId !== undefined && !monitorOnly;
  const dashboardUrl = manageUrl || (networkId !== undefined ? `/n/${networkId}/manage/nodes/list` : undefined);
  return (
    <Stack h="100%" p="sm" gap="xs" justify="space-between">
      <Stack gap={4}>
        <NetworkButton />
        <Divider my="xs" />
        {showLinks && (
          <nav aria-label={t('sections')}>
            <SectionLink to={`/n/${networkId}/cameras`} label={t('cameras')} icon={<IconCamera size={18} aria-hidden />} />
            <SectionLink
              to={`/n/${networkId}/video-walls`}
              label={t('video-walls')}
              icon={<IconLayoutGrid size={18} aria-hidden />}
            />
            {permissions?.export && (
              <SectionLink to={`/n/${networkId}/exports`} label={t('exports')} icon={<IconFileExport size={18} aria-hidden />} />
            )}
            {permissions?.events && (
              <SectionLink to={`/n/${networkId}/events`} label={t('events')} icon={<IconListSearch size={18} aria-hidden />} />
            )}
            {canManageCameras && (
              <SectionLink
                to={cameraManagementPath(networkId)}
                label={tAdmin('nav-camera-management')}
                icon={<IconSettings size={18} aria-hidden />}
              />
            )}
          </nav>
        )}
      </Stack>
      {isAdmin(user) && dashboardUrl && (
        <Button
          component="a"
          href={dashboardUrl}
          variant="default"
          leftSection={<IconArrowBackUp size={16} aria-hidden />}
        >
          {t('back-to-dashboard')}
        </Button>
      )}
    </Stack>
  );
}
