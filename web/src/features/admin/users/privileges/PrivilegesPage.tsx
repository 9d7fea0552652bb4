import '../usersTexts';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { isApiError } from '../../../../api/apiError';
import { useAppSelector } from '../../../../app/hooks';
import { useCurrentNetworkId, useCurrentUser } from '../../../auth/hooks';
import { userManagementPath } from '../../organizationPaths';
import { NoUserAccess } from '../NoUserAccess';
import { type Privilege, useGetPrivilegesQuery } from '../privilegesApi';
import { type Member, useGetMembersQuery } from '../usersApi';
import { rowsFromPrivileges } from './privilegeModel';
import { PrivilegesEditor } from './PrivilegesEditor';
import { PrivilegesTableSkeleton } from './PrivilegesTable';
import { useCameraNetworks } from './useCameraNetworks';

/** The digits-only user id of the address, if any. */
function memberIdOf(segment: string | undefined): number | undefined {
  return segment !== undefined && /^\d+$/.test(segment) ? Number(segment) : undefined;
}

interface MemberPrivilegesProps {
  orgId: number;
  member: Member;
  networkId: number;
}

function LoadError({ title, onRetry }: { title: string; onRetry?: () => void }) {
  const { t } = useTranslation('users');
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} title={title} role="alert">
      {onRetry && (
        <Button variant="light" color="red" size="xs" mt="xs" onClick={onRetry}>
          {t('retry')}
        </Button>
      )}
    </Alert>
  );
}

/** The list as first loaded, once its cameras' networks are known; later cache updates are the editor's own. */
function PrivilegesForm({ privileges, ...props }: MemberPrivilegesProps & { privileges: Privilege[] }) {
  const [initial] = useState(privileges);
  const cameraIds = useMemo(
    () => initial.flatMap(({ scope, camera_id }) => (scope === 'camera' && camera_id ? [camera_id] : [])),
    [initial],
  );
  const cameraNetworks = useCameraNetworks(cameraIds);
  const initialRows = useMemo(
    () => (cameraNetworks ? rowsFromPrivileges(initial, cameraNetworks) : null),
    [initial, cameraNetworks],
  );
  if (!initialRows) return <PrivilegesTableSkeleton />;
  return <PrivilegesEditor {...props} initialRows={initialRows} />;
}

function MemberPrivileges({ orgId, member, networkId }: MemberPrivilegesProps) {
  const { t } = useTranslation('users');
  const { data, isLoading, isError, refetch } = useGetPrivilegesQuery({ orgId, userId: member.id });
  if (isLoading) return <PrivilegesTableSkeleton />;
  if (isError || !data) return <LoadError title={t('privileges-load-error')} onRetry={() => void refetch()} />;
  return <PrivilegesForm key={member.id} orgId={orgId} member={member} networkId={networkId} privileges={data} />;
}

interface PrivilegesBodyProps {
  orgId: number;
  /** From the address; undefined when it is not a number. */
  userId: number | undefined;
  networkId: number;
}

function PrivilegesBody({ orgId, userId, networkId }: PrivilegesBodyProps) {
  const { t } = useTranslation('users');
  const user = useCurrentUser();
  const organizationName = useAppSelector((state) => state.app.env?.organization.name);
  const members = useGetMembersQuery({ orgId });
  const member = members.data?.find((entry) => entry.id === userId);
  if (members.isLoading) return <PrivilegesTableSkeleton />;
  if (members.isError && isApiError(members.error) && members.error.status === 403) return <NoUserAccess />;
  if (members.isError || !members.data) {
    return <LoadError title={t('users-list-error')} onRetry={() => void members.refetch()} />;
  }
  if (!member) return <LoadError title={t('privileges-no-member')} />;
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t('privileges-title-named', { name: member.name })}
        </Title>
        <Text c="dimmed" size="sm">
          {organizationName
            ? t('privileges-description-named', { name: member.name, organization: organizationName })
            : t('privileges-description', { name: member.name })}
        </Text>
      </div>
      {member.id === user?.id ? (
        <LoadError title={t('privileges-self')} />
      ) : (
        <MemberPrivileges orgId={orgId} member={member} networkId={networkId} />
      )}
    </Stack>
  );
}

/**
 * `/n/:networkId/admin/users/:userId/privileges`: what a member may do in the organization, edited by an org-write
 * administrator (gated by `RequireUserAdmin`). Reached from the member's row on the users page.
 */
export function PrivilegesPage() {
  const { t } = useTranslation('users');
  const user = useCurrentUser();
  const networkId = useCurrentNetworkId();
  const userId = memberIdOf(useParams().userId);
  if (!user || networkId === undefined) return null;
  return (
    <Stack p="lg" gap="md" maw={1200}>
      <Group>
        <Anchor component={Link} to={userManagementPath(networkId)} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden />
            {t('privileges-back')}
          </Group>
        </Anchor>
      </Group>
      <PrivilegesBody orgId={user.org_id} userId={userId} networkId={networkId} />
    </Stack>
  );
}
