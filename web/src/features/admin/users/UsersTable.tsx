import './usersTexts';
import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ColumnHeads, TableSkeleton } from '../../../components/table/ColumnHeads';
import { MemberActions, type MemberDialogKind } from './MemberActions';
import { memberRole, ROLE_LABEL_KEYS, signInKeys } from './memberModel';
import type { Member } from './usersApi';

const SKELETON_ROWS = 4;
const COLUMNS = ['name', 'email', 'role', 'sign-in', 'idle-timeout', 'status'] as const;

/** The table's shape with placeholder rows while the members load. */
export function UsersTableSkeleton() {
  const { t } = useTranslation('users');
  return (
    <TableSkeleton
      titles={COLUMNS.map((column) => t(`users-column-${column}`))}
      actionsTitle={t('column-actions')}
      rows={SKELETON_ROWS}
      minWidth={860}
      label={t('users-loading')}
    />
  );
}

export interface UsersTableProps {
  orgId: number;
  /** Already filtered and in the server's order (by name). */
  members: Member[];
  currentUserId: number | undefined;
  onOpen: (kind: MemberDialogKind, member: Member) => void;
}

/** Members with their role, sign-in steps, idle timeout, status and a menu of actions (not on one's own row). */
export function UsersTable({ orgId, members, currentUserId, onOpen }: UsersTableProps) {
  const { t } = useTranslation('users');
  const rows = members.map((member) => {
    const isSelf = member.id === currentUserId;
    return (
      <Table.Tr key={member.id}>
        <Table.Th scope="row" fw={500}>
          {isSelf ? `${member.name} ` : member.name}
          {isSelf && (
            <Text span c="dimmed" size="sm">
              {t('users-you')}
            </Text>
          )}
        </Table.Th>
        <Table.Td>{member.email}</Table.Td>
        <Table.Td>{t(ROLE_LABEL_KEYS[memberRole(member)])}</Table.Td>
        <Table.Td>{signInKeys(member).map((key) => t(key)).join(' ')}</Table.Td>
        <Table.Td>{t('users-idle-minutes', { count: member.min_idle_timeout })}</Table.Td>
        <Table.Td>
          <Badge color={member.disabled ? 'gray' : 'green'}>
            {member.disabled ? t('users-status-disabled') : t('users-status-active')}
          </Badge>
        </Table.Td>
        <Table.Td ta="right">
          <MemberActions orgId={orgId} member={member} isSelf={isSelf} onOpen={onOpen} />
        </Table.Td>
      </Table.Tr>
    );
  });
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('users-table')}>
        <ColumnHeads titles={COLUMNS.map((column) => t(`users-column-${column}`))} actionsTitle={t('column-actions')} />
        <Table.Tbody>{rows}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
