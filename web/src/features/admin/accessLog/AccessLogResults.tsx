import './accessLogTexts';
import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isApiError, serverMessage } from '../../../api/apiError';
import { NoUserAccess } from '../users/NoUserAccess';
import type { AccessLogPage } from './accessLogModel';
import { AccessLogPager } from './AccessLogPager';
import { AccessLogTable, AccessLogTableSkeleton } from './AccessLogTable';
import type { AccessLogPaging } from './useAccessLogPaging';

export interface AccessLogResultsProps {
  /** The page of the current filters and `before_id`; undefined while it loads or when it failed. */
  page: AccessLogPage | undefined;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => void;
  paging: AccessLogPaging;
  filtered: boolean;
  onClearFilters: () => void;
}

function BadFilters({ error, onClearFilters }: Pick<AccessLogResultsProps, 'error' | 'onClearFilters'>) {
  const { t } = useTranslation('accessLog');
  return (
    <Alert color="orange" icon={<IconAlertCircle size={18} aria-hidden />} title={t('bad-filters')} role="alert">
      <Text size="sm">{serverMessage(error) ?? t('bad-filters-text')}</Text>
      <Button
        variant="light"
        color="orange"
        size="xs"
        mt="xs"
        leftSection={<IconFilterOff size={14} aria-hidden />}
        onClick={onClearFilters}
      >
        {t('clear-filters')}
      </Button>
    </Alert>
  );
}

function LoadFailed({ refetch }: Pick<AccessLogResultsProps, 'refetch'>) {
  const { t } = useTranslation('accessLog');
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} title={t('error')} role="alert">
      <Button variant="light" color="red" size="xs" mt="xs" onClick={refetch}>
        {t('retry')}
      </Button>
    </Alert>
  );
}

/** The log's page with its pager, or what stands in for it: loading, no entries, a refused filter, a failure. */
export function AccessLogResults(props: AccessLogResultsProps) {
  const { t } = useTranslation('accessLog');
  const { page, isFetching, isError, error, refetch, paging, filtered } = props;
  if (isError && !isFetching) {
    if (isApiError(error) && error.status === 403) return <NoUserAccess />;
    if (isApiError(error) && error.status === 400) return <BadFilters {...props} />;
    return <LoadFailed refetch={refetch} />;
  }
  if (!page) return <AccessLogTableSkeleton />;
  let empty: string | null = null;
  if (page.entries.length === 0) {
    if (paging.depth > 0) empty = t('no-older');
    else empty = filtered ? t('empty') : t('empty-unfiltered');
  }
  const pager = (paging.depth > 0 || page.next_before_id !== null) && (
    <AccessLogPager paging={paging} nextBeforeId={page.next_before_id} busy={isFetching} onReload={refetch} />
  );
  return (
    <Stack gap="sm" aria-busy={isFetching}>
      {empty === null ? (
        <AccessLogTable entries={page.entries} />
      ) : (
        <Center mih={160}>
          <Text c="dimmed">{empty}</Text>
        </Center>
      )}
      {pager}
    </Stack>
  );
}
