import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { eventTexts } from '../eventLabel';
import type { ResultViewProps } from './ResultThumbnails';

/** Plain list of the events: date, time and duration; a row opens the recap. */
export function ResultList({ events, timeZone, timeMode, onOpen }: ResultViewProps) {
  const { t } = useTranslation('motionSearch');
  return (
    <Table highlightOnHover data-testid="motion-list">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('date')}</Table.Th>
          <Table.Th>{t('time')}</Table.Th>
          <Table.Th>{t('duration')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {events.map((event, index) => {
          const texts = eventTexts(event, timeZone, timeMode, t);
          return (
            <Table.Tr
              key={`${event.ts}-${index}`}
              tabIndex={0}
              aria-label={texts.label}
              data-testid="motion-list-row"
              style={{ cursor: 'pointer' }}
              onClick={() => onOpen(index)}
              onKeyDown={(keyEvent) => {
                if (keyEvent.key === 'Enter' || keyEvent.key === ' ') {
                  keyEvent.preventDefault();
                  onOpen(index);
                }
              }}
            >
              <Table.Td>{texts.date}</Table.Td>
              <Table.Td>{texts.time}</Table.Td>
              <Table.Td>{texts.duration}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
