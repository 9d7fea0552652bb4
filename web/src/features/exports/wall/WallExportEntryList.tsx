import { Accordion, Text } from '@mantine/core';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import type { WallExportEntry } from './wallExportEntries';
import type { WallExportAction } from './wallExportState';
import { WallExportEntryItem } from './WallExportEntryItem';

export interface WallExportEntryListProps {
  entries: readonly WallExportEntry[];
  /** 'Same time range' is on: the entries show no range picker of their own. */
  sameRange: boolean;
  timeZone: string;
  dispatch: Dispatch<WallExportAction>;
}

/** The accordion of export entries, one per tile with a camera, in the wall's order (spec 03 §2); closed at first. */
export function WallExportEntryList({ entries, sameRange, timeZone, dispatch }: WallExportEntryListProps) {
  const { t } = useTranslation('exports');
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('no-entries')}
      </Text>
    );
  }
  return (
    <Accordion multiple variant="contained" chevronPosition="right" data-testid="wall-export-entries">
      {entries.map((entry) => (
        <WallExportEntryItem
          key={entry.key}
          entry={entry}
          sameRange={sameRange}
          timeZone={timeZone}
          dispatch={dispatch}
        />
      ))}
    </Accordion>
  );
}
