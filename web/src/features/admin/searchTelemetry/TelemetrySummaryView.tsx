import { Center, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchTelemetrySummary } from './searchTelemetryApi';
import { TelemetryDayBars } from './TelemetryDayBars';
import { TelemetryDayTable } from './TelemetryDayTable';
import { TelemetryFeatures } from './TelemetryFeatures';
import { TelemetryStats } from './TelemetryStats';
import { useTelemetryFormat } from './telemetryFormat';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Stack component="section" gap="xs" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * A loaded summary: its UTC days, then the totals, the searches per day as bars, the searches by feature and the
 * figures per day; 'No searches in this period' when there were none.
 */
export function TelemetrySummaryView({ summary, busy }: { summary: SearchTelemetrySummary; busy: boolean }) {
  const { t } = useTranslation('searchTelemetry');
  const format = useTelemetryFormat();
  const range = (
    <Text size="sm" c="dimmed">
      {t('range', { from: format.day(summary.from), to: format.day(summary.to) })}
    </Text>
  );
  if (summary.totals.searches === 0) {
    return (
      <Stack gap="xs" aria-busy={busy}>
        {range}
        <Center mih={160}>
          <Text c="dimmed">{t('empty')}</Text>
        </Center>
      </Stack>
    );
  }
  return (
    <Stack gap="lg" aria-busy={busy}>
      {range}
      <Section title={t('totals')}>
        <TelemetryStats totals={summary.totals} />
      </Section>
      <Section title={t('day-bars')}>
        <TelemetryDayBars days={summary.perDay} />
      </Section>
      <Section title={t('by-feature')}>
        <TelemetryFeatures features={summary.byFeature} />
      </Section>
      <Section title={t('day-table')}>
        <TelemetryDayTable days={summary.perDay} />
      </Section>
    </Stack>
  );
}
