import './accessLogTexts';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../auth/hooks';
import { type AccessLogFilters, filtersKey, hasFilters, NO_FILTERS } from './accessLogFilters';
import { useGetAccessLogQuery } from './accessLogApi';
import { AccessLogFilterBar } from './AccessLogFilterBar';
import { AccessLogResults } from './AccessLogResults';
import { useAccessLogFilters } from './useAccessLogFilters';
import { useAccessLogPaging } from './useAccessLogPaging';
import { AdminPage } from '../AdminPage';

/** A page asked again after this many seconds when the page or its filters come back to it. */
const REFRESH_AFTER_S = 30;

interface AccessLogBodyProps {
  orgId: number;
  filters: AccessLogFilters;
  onChange: (change: Partial<AccessLogFilters>) => void;
}

function AccessLogBody({ orgId, filters, onChange }: AccessLogBodyProps) {
  const { t } = useTranslation('accessLog');
  const paging = useAccessLogPaging(filtersKey(filters));
  const { data, currentData, isFetching, isError, error, refetch } = useGetAccessLogQuery(
    { orgId, filters, beforeId: paging.beforeId },
    { refetchOnMountOrArgChange: REFRESH_AFTER_S },
  );
  return (
    <>
      {data && (
        <Text c="dimmed" size="sm" mt={-8}>
          {t('retained', { count: data.retained })}
        </Text>
      )}
      <AccessLogFilterBar orgId={orgId} filters={filters} onChange={onChange} />
      <AccessLogResults
        page={currentData}
        isFetching={isFetching}
        isError={isError}
        error={error}
        refetch={() => void refetch()}
        paging={paging}
        filtered={hasFilters(filters)}
        onClearFilters={() => onChange(NO_FILTERS)}
      />
    </>
  );
}

/**
 * `/n/:networkId/admin/access-log`: the organization's access log (issue 12) for org-write administrators (gated by
 * `RequireUserAdmin`): sign-ins and video access, newest first, filtered by kind, user, network, camera and time (the
 * filters in the address), a page at a time.
 */
export function AccessLogPage() {
  const { t } = useTranslation('accessLog');
  const user = useCurrentUser();
  const [filters, change] = useAccessLogFilters();
  if (!user) return null;
  return (
    <AdminPage title={t('title')} maw={1400}>
      <AccessLogBody orgId={user.org_id} filters={filters} onChange={change} />
    </AdminPage>
  );
}
