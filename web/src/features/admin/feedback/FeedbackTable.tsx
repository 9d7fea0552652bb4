import './feedbackAdminTexts';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ColumnHeads, TableSkeleton } from '../../../components/table/ColumnHeads';
import { usePreference } from '../../preferences';
import type { Feedback } from './feedbackAdminApi';

const SKELETON_ROWS = 4;
const COLUMNS = ['time', 'from', 'network', 'feedback', 'browser'] as const;
const MIN_WIDTH = 960;
/** An empty cell (feedback from no network any more). */
const NONE = '—';

/** The table's shape with placeholder rows while the first page loads. */
export function FeedbackTableSkeleton() {
  const { t } = useTranslation('feedbackAdmin');
  return (
    <TableSkeleton
      titles={COLUMNS.map((column) => t(`column-${column}`))}
      rows={SKELETON_ROWS}
      minWidth={MIN_WIDTH}
      label={t('loading')}
    />
  );
}

/**
 * One row per feedback, newest first: when (the browser's zone, the user's 12/24-hour mode), who (name and e-mail),
 * from which network, the text as written (line breaks kept) and the sender's browser (user agent).
 */
export function FeedbackTable({ items }: { items: Feedback[] }) {
  const { t, i18n } = useTranslation('feedbackAdmin');
  const timeMode = usePreference('timeMode');
  const time = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    hour12: timeMode === 12,
  });
  return (
    <Table.ScrollContainer minWidth={MIN_WIDTH}>
      <Table striped verticalSpacing="sm" aria-label={t('table')}>
        <ColumnHeads titles={COLUMNS.map((column) => t(`column-${column}`))} />
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id} data-testid="feedback-row" style={{ verticalAlign: 'top' }}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <time dateTime={item.created_at}>{time.format(new Date(item.created_at))}</time>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{item.user_name}</Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {item.user_email}
                </Text>
              </Table.Td>
              <Table.Td>{item.network_name || NONE}</Table.Td>
              <Table.Td miw={280}>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {item.wish}
                </Text>
              </Table.Td>
              <Table.Td maw={260}>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {item.user_agent || NONE}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
