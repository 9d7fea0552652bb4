import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ColumnHeads } from '../../../components/table/ColumnHeads';
import type { SearchTelemetryDay } from './searchTelemetryApi';
import { useTelemetryFormat } from './telemetryFormat';

const MIN_WIDTH = 720;

/** The figures of each UTC day of the period, newest day first ('—' where no search reported a figure). */
export function TelemetryDayTable({ days }: { days: SearchTelemetryDay[] }) {
  const { t } = useTranslation('searchTelemetry');
  const format = useTelemetryFormat();
  const titles = [
    t('column-date'),
    t('column-searches'),
    t('column-users'),
    t('column-mean-results'),
    t('column-zero-results'),
    t('column-median'),
    t('column-p95'),
  ];
  const newestFirst = [...days].reverse();
  return (
    <Table.ScrollContainer minWidth={MIN_WIDTH}>
      <Table striped verticalSpacing="xs" aria-label={t('day-table')}>
        <ColumnHeads titles={titles} />
        <Table.Tbody>
          {newestFirst.map((day) => (
            <Table.Tr key={day.date} data-testid="telemetry-day-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <time dateTime={day.date}>{format.day(day.date)}</time>
              </Table.Td>
              <Table.Td>{format.count(day.searches)}</Table.Td>
              <Table.Td>{format.count(day.users)}</Table.Td>
              <Table.Td>{format.mean(day.meanResultCount)}</Table.Td>
              <Table.Td>{format.count(day.zeroResultSearches)}</Table.Td>
              <Table.Td>{format.duration(day.medianDurationMs)}</Table.Td>
              <Table.Td>{format.duration(day.p95DurationMs)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
