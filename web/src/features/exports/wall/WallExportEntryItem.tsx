import { Accordion, ActionIcon, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeRangePicker } from '../../../components/timePicker';
import { cameraDisplayName } from '../../cameras/cameraModel';
import { EXPORT_SPLIT_MS } from '../constants';
import { entryFilename, fallbackFilename, hasValidFilename, type WallExportEntry } from './wallExportEntries';
import type { WallExportAction } from './wallExportState';

export interface WallExportEntryItemProps {
  entry: WallExportEntry;
  sameRange: boolean;
  timeZone: string;
  dispatch: Dispatch<WallExportAction>;
}

/** The line under an entry's title: why it cannot be exported, its last outcome, or the filename it will get. */
function EntrySummary({ entry }: { entry: WallExportEntry }) {
  const { t } = useTranslation('exports');
  const { outcome } = entry;
  const line = (text: string, color = 'dimmed', testId = 'wall-export-entry-summary') => (
    <Text size="xs" c={color} truncate="end" data-testid={testId}>
      {text}
    </Text>
  );
  if (entry.blocked) return line(t('insufficient-permissions'));
  if (outcome?.state === 'exporting') return line(t('entry-exporting'));
  if (!hasValidFilename(entry)) return line(t('filename-invalid'), 'red');
  if (outcome?.state === 'failed') return line(outcome.message, 'red', 'wall-export-entry-error');
  if (outcome?.state === 'created') return line(t('export-created'), 'green');
  return line(entryFilename(entry));
}

/**
 * One export entry (spec 03 §3: tile, filename, exportRange, camera): its checkbox, the tile number and camera name
 * over its summary, remove; opened, the filename (empty: the camera's name plus ' - tile N'; the rule's error puts
 * the input in error) and, with 'same time range' off, its own range. A camera without the export right is listed
 * disabled with 'Insufficient permissions'.
 */
export function WallExportEntryItem({ entry, sameRange, timeZone, dispatch }: WallExportEntryItemProps) {
  const { t } = useTranslation('exports');
  const { key } = entry;
  const title = t('entry-title', { tile: entry.tile, name: cameraDisplayName(entry.camera) });
  return (
    <Accordion.Item value={key} data-testid={`wall-export-entry-${entry.tile}`}>
      <Group wrap="nowrap" gap={0} pl="sm">
        <Checkbox
          aria-label={t('select-export', { name: title })}
          checked={entry.selected}
          disabled={entry.blocked}
          onChange={() => dispatch({ type: 'toggled', key })}
        />
        <Accordion.Control disabled={entry.blocked} style={{ minWidth: 0 }}>
          <Text size="sm" fw={500} truncate="end">
            {title}
          </Text>
          <EntrySummary entry={entry} />
        </Accordion.Control>
        <ActionIcon
          variant="subtle"
          color="gray"
          mr="xs"
          aria-label={t('remove-entry', { name: title })}
          onClick={() => dispatch({ type: 'removed', key })}
        >
          <IconX size={16} aria-hidden />
        </ActionIcon>
      </Group>
      <Accordion.Panel>
        <Stack gap="xs">
          <TextInput
            label={t('filename')}
            placeholder={fallbackFilename(entry.camera, entry.tile)}
            value={entry.filename}
            onChange={(event) => dispatch({ type: 'filenameSet', key, filename: event.currentTarget.value })}
            error={hasValidFilename(entry) ? undefined : t('filename-rule')}
          />
          {!sameRange && (
            <TimeRangePicker
              value={entry.exportRange}
              onChange={(range) => dispatch({ type: 'entryRangeSet', key, range })}
              timeZone={timeZone}
              splitNoticeAfterMs={EXPORT_SPLIT_MS}
            />
          )}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}
