import { Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SearchTelemetryDay } from './searchTelemetryApi';
import { useTelemetryFormat } from './telemetryFormat';

const AREA_HEIGHT = 120;

/**
 * The searches of each UTC day as bars, oldest day left, each as high as its share of the busiest day and named by
 * its date and count ('May 1, 2024: 12 searches', also the hover title); quiet days keep a thin grey line.
 */
export function TelemetryDayBars({ days }: { days: SearchTelemetryDay[] }) {
  const { t } = useTranslation('searchTelemetry');
  const format = useTelemetryFormat();
  const busiest = Math.max(1, ...days.map((day) => day.searches));
  const first = days.at(0);
  const last = days.at(-1);
  return (
    <div>
      <Box
        role="group"
        aria-label={t('day-bars')}
        h={AREA_HEIGHT}
        style={{ display: 'flex', alignItems: 'flex-end', gap: 2 }}
      >
        {days.map((day) => {
          const label = t('day-bar', {
            count: day.searches,
            searches: format.count(day.searches),
            date: format.day(day.date),
          });
          return (
            <Box
              key={day.date}
              role="img"
              aria-label={label}
              title={label}
              data-testid="telemetry-day-bar"
              style={{
                flex: '1 1 0',
                minWidth: 2,
                minHeight: 1,
                height: `${(day.searches / busiest) * 100}%`,
                borderRadius: '2px 2px 0 0',
                background: day.searches > 0 ? 'var(--mantine-color-blue-filled)' : 'var(--mantine-color-gray-4)',
              }}
            />
          );
        })}
      </Box>
      {first && last && (
        <Group justify="space-between" mt={4} aria-hidden>
          <Text size="xs" c="dimmed">
            {format.day(first.date)}
          </Text>
          <Text size="xs" c="dimmed">
            {format.day(last.date)}
          </Text>
        </Group>
      )}
    </div>
  );
}
