import './accessLogTexts';
import { Table, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ColumnHeads, TableSkeleton } from '../../../components/table/ColumnHeads';
import { usePreference } from '../../preferences';
import { type AccessLogEntry, entryDetail, KIND_LABEL_KEYS } from './accessLogModel';

const SKELETON_ROWS = 6;
const COLUMNS = ['time', 'what', 'user', 'network', 'camera', 'address'] as const;
const MIN_WIDTH = 960;
/** An empty cell (no user, network or camera). */
const NONE = '—';

/** The table's shape with placeholder rows while a page loads. */
export function AccessLogTableSkeleton() {
  const { t } = useTranslation('accessLog');
  return (
    <TableSkeleton
      titles={COLUMNS.map((column) => t(`column-${column}`))}
      rows={SKELETON_ROWS}
      minWidth={MIN_WIDTH}
      label={t('loading')}
    />
  );
}

function WhatCell({ entry, t }: { entry: AccessLogEntry; t: TFunction<'accessLog'> }) {
  const labelKey: string | undefined = KIND_LABEL_KEYS[entry.kind];
  const detail = entryDetail(entry);
  return (
    <Table.Td>
      <Text size="sm" fw={500}>
        {labelKey ? t(labelKey) : entry.kind}
      </Text>
      {detail && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {'key' in detail ? t(detail.key) : detail.text}
        </Text>
      )}
    </Table.Td>
  );
}

function UserCell({ user }: { user: AccessLogEntry['user'] }) {
  if (!user) return <Table.Td>{NONE}</Table.Td>;
  return (
    <Table.Td>
      <Text size="sm">{user.name}</Text>
      <Text size="xs" c="dimmed">
        {user.email}
      </Text>
    </Table.Td>
  );
}

export interface AccessLogTableProps {
  /** Newest first, as the server answers. */
  entries: AccessLogEntry[];
}

/**
 * One row per entry: when (the browser's zone, the user's 12/24-hour mode), what happened, who, where and from which
 * address (the browser's user agent as the address's tooltip).
 */
export function AccessLogTable({ entries }: AccessLogTableProps) {
  const { t, i18n } = useTranslation('accessLog');
  const timeMode = usePreference('timeMode');
  const time = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'medium',
    hour12: timeMode === 12,
  });
  return (
    <Table.ScrollContainer minWidth={MIN_WIDTH}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={t('table')}>
        <ColumnHeads titles={COLUMNS.map((column) => t(`column-${column}`))} />
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td>
                <time dateTime={new Date(entry.time_ms).toISOString()}>{time.format(entry.time_ms)}</time>
              </Table.Td>
              <WhatCell entry={entry} t={t} />
              <UserCell user={entry.user} />
              <Table.Td>{entry.network_name ?? NONE}</Table.Td>
              <Table.Td>
                {entry.camera_name ?? (entry.camera_id === null ? NONE : t('camera-number', { id: entry.camera_id }))}
              </Table.Td>
              <Table.Td title={entry.user_agent || undefined}>{entry.ip}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
