import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchTelemetryFigures } from './searchTelemetryApi';
import { useTelemetryFormat } from './telemetryFormat';

function StatCard({ label, value }: { label: string; value: string }) {
  const labelId = useId();
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-labelledby={labelId}>
      <Text id={labelId} size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

/**
 * The period's totals as cards (each a group named by its label): searches, users who searched, mean results,
 * searches with no results, median and 95th percentile duration ('—' where no search reported one).
 */
export function TelemetryStats({ totals }: { totals: SearchTelemetryFigures }) {
  const { t } = useTranslation('searchTelemetry');
  const format = useTelemetryFormat();
  const stats = [
    { label: t('stat-searches'), value: format.count(totals.searches) },
    { label: t('stat-users'), value: format.count(totals.users) },
    { label: t('stat-mean-results'), value: format.mean(totals.meanResultCount) },
    { label: t('stat-zero-results'), value: format.count(totals.zeroResultSearches) },
    { label: t('stat-median'), value: format.duration(totals.medianDurationMs) },
    { label: t('stat-p95'), value: format.duration(totals.p95DurationMs) },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
      {stats.map((stat) => (
        <StatCard key={stat.label} label={stat.label} value={stat.value} />
      ))}
    </SimpleGrid>
  );
}
