import './usersTexts';
import { Alert, Button, Center, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/apiError';
import { useAppSelector } from '../../../app/hooks';
import { useCurrentNetworkId, useCurrentUser } from '../../auth/hooks';
import { ChangeRoleDialog } from './dialogs/ChangeRoleDialog';
import { DisableMemberDialog } from './dialogs/DisableMemberDialog';
import { IdleTimeoutDialog } from './dialogs/IdleTimeoutDialog';
import { InviteMemberDialog } from './dialogs/InviteMemberDialog';
import { ResetTwoFactorDialog } from './dialogs/ResetTwoFactorDialog';
import type { MemberDialogKind } from './MemberActions';
import { matchesSearch } from './memberModel';
import { NoUserAccess } from './NoUserAccess';
import { type Member, useGetMembersQuery } from './usersApi';
import { UsersTable, UsersTableSkeleton } from './UsersTable';
import { AdminPage } from '../AdminPage';

interface OpenDialog {
  kind: MemberDialogKind;
  member: Member;
}

const DIALOGS = {
  disable: DisableMemberDialog,
  role: ChangeRoleDialog,
  'idle-timeout': IdleTimeoutDialog,
  'reset-two-factor': ResetTwoFactorDialog,
} as const;

function UsersBody({ orgId, onOpen }: { orgId: number; onOpen: (kind: MemberDialogKind, member: Member) => void }) {
  const { t } = useTranslation('users');
  const user = useCurrentUser();
  const [query, setQuery] = useState('');
  const { data, isLoading, isError, error, refetch } = useGetMembersQuery({ orgId });
  if (isLoading) return <UsersTableSkeleton />;
  if (isError && isApiError(error) && error.status === 403) return <NoUserAccess />;
  if (isError || !data) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} title={t('users-list-error')} role="alert">
        <Button variant="light" color="red" size="xs" mt="xs" onClick={() => void refetch()}>
          {t('retry')}
        </Button>
      </Alert>
    );
  }
  const shown = data.filter((member) => matchesSearch(member, query));
  return (
    <Stack gap="md">
      <TextInput
        label={t('users-search')}
        placeholder={t('users-search-placeholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        type="search"
        maw={360}
      />
      {shown.length === 0 ? (
        <Center mih={160}>
          <Text c="dimmed">{data.length === 0 ? t('users-empty') : t('users-search-empty')}</Text>
        </Center>
      ) : (
        <UsersTable orgId={orgId} members={shown} currentUserId={user?.id} onOpen={onOpen} />
      )}
    </Stack>
  );
}

/**
 * `/n/:networkId/admin/users`: the organization's members with their role, sign-in, idle timeout and status, and the
 * changes an org-write administrator may make to the others (gated by `RequireUserAdmin`).
 */
export function UsersPage() {
  const { t } = useTranslation('users');
  const user = useCurrentUser();
  const organizationName = useAppSelector((state) => state.app.env?.organization.name);
  const networkId = useCurrentNetworkId();
  const [open, setOpen] = useState<OpenDialog | null>(null);
  const [inviting, setInviting] = useState(false);
  if (!user) return null;
  const Dialog = open ? DIALOGS[open.kind] : null;
  return (
    <AdminPage
      title={t('users-title')}
      description={
        organizationName ? t('users-description-named', { organization: organizationName }) : t('users-description')
      }
      actions={
        networkId !== undefined && (
          <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setInviting(true)}>
            {t('users-invite')}
          </Button>
        )
      }
    >
      <UsersBody orgId={user.org_id} onOpen={(kind, member) => setOpen({ kind, member })} />
      {open && Dialog && (
        <Dialog
          key={`${open.kind}-${open.member.id}`}
          orgId={user.org_id}
          member={open.member}
          onClose={() => setOpen(null)}
        />
      )}
      {inviting && networkId !== undefined && (
        <InviteMemberDialog orgId={user.org_id} networkId={networkId} onClose={() => setInviting(false)} />
      )}
    </AdminPage>
  );
}
