import './searchTelemetryTexts';
import { Alert, Button, Center, Loader, SegmentedControl, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, serverMessage } from '../../../api/apiError';
import { useCurrentUser } from '../../auth/hooks';
import { NoUserAccess } from '../users/NoUserAccess';
import {
  DEFAULT_TELEMETRY_PERIOD,
  TELEMETRY_PERIODS,
  type TelemetryPeriod,
  useGetSearchTelemetrySummaryQuery,
} from './searchTelemetryApi';
import { TelemetrySummaryView } from './TelemetrySummaryView';
import { AdminPage } from '../AdminPage';

function TelemetryBody({ orgId, days }: { orgId: number; days: TelemetryPeriod }) {
  const { t } = useTranslation('searchTelemetry');
  const query = useGetSearchTelemetrySummaryQuery({ orgId, days });
  const { currentData, error, isError, isFetching } = query;

  if (!currentData) {
    if (isError && !isFetching) {
      if (isApiError(error) && error.status === 403) return <NoUserAccess />;
      const message = serverMessage(error);
      return (
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} aria-hidden />}
          title={t('load-error')}
          role="alert"
        >
          {message && <Text size="sm">{message}</Text>}
          <Button variant="light" color="red" size="xs" mt="xs" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      );
    }
    return (
      <Center mih={160}>
        <Loader role="status" aria-label={t('loading')} />
      </Center>
    );
  }
  return <TelemetrySummaryView summary={currentData} busy={isFetching} />;
}

/**
 * `/n/:networkId/admin/search-telemetry`: how the organization's members use motion and event search — searches,
 * users, results and durations over the last 7, 30 or 90 UTC days — for org-write administrators (gated by
 * `RequireUserAdmin`).
 */
export function SearchTelemetryPage() {
  const { t } = useTranslation('searchTelemetry');
  const user = useCurrentUser();
  const [days, setDays] = useState<TelemetryPeriod>(DEFAULT_TELEMETRY_PERIOD);
  if (!user) return null;
  return (
    <AdminPage
      title={t('title')}
      description={t('description')}
      maw={1400}
      actions={
        <SegmentedControl
          aria-label={t('period')}
          value={String(days)}
          onChange={(value) => setDays(Number(value) as TelemetryPeriod)}
          data={TELEMETRY_PERIODS.map((period) => ({
            value: String(period),
            label: t('days', { count: period }),
          }))}
        />
      }
    >
      <TelemetryBody orgId={user.org_id} days={days} />
    </AdminPage>
  );
}
