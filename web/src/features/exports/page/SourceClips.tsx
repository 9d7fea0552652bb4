import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { SourceExport } from '../exportsApi';
import { exportDetailPath } from '../exportPaths';
import { exportRangeText } from '../format';
import type { ExportClock } from '../hooks/useExportClock';

export interface SourceClipsProps {
  networkId: number;
  sources: readonly SourceExport[];
  clock: ExportClock;
}

/** A combined job's clips in the order they play, each linking to its own details. */
export function SourceClips({ networkId, sources, clock }: SourceClipsProps) {
  const { t } = useTranslation('exports');
  return (
    <Stack gap="xs">
      <Title order={4} fz="h5">
        {t('source-clips')}
      </Title>
      <List type="ordered" spacing="xs">
        {sources.map((source, index) => (
          <List.Item key={`${source.job_id ?? 'clip'}-${index}`}>
            {source.job_id !== undefined ? (
              <Anchor component={Link} to={exportDetailPath(networkId, source.job_id)} size="sm">
                {source.name}
              </Anchor>
            ) : (
              <Text size="sm">{source.name}</Text>
            )}
            <Text size="xs" c="dimmed">
              {[
                source.camera?.name,
                source.start_ts !== undefined && source.end_ts !== undefined
                  ? exportRangeText(source.start_ts, source.end_ts, clock.timeZone, clock.timeMode)
                  : undefined,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
