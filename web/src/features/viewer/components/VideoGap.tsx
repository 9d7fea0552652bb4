import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FileRecord } from '../viewerApi';
import { StatusOverlay } from './StatusOverlay';

const REASONS = ['motion_based_retention', 'outside_schedule', 'beyond_retention'] as const;

export interface VideoGapProps {
  record: FileRecord;
  onJump: (ms: number) => void;
}

/** History at a time without video: the recent-video note, or the gap explanation with its three reasons. */
export function VideoGap({ record, onJump }: VideoGapProps) {
  const { t } = useTranslation('viewer');
  if (record.reason === 'not_yet_available') return <StatusOverlay message={t('recent-video-not-available')} />;
  const next = record.next_start_ms;
  return (
    <StatusOverlay
      message={t('no-video-available')}
      action={next != null ? { label: t('jump-to-next-video'), onClick: () => onJump(next) } : undefined}
    >
      <Text size="sm">{t('video-gap-reasons')}</Text>
      <List size="sm" c="gray.3">
        {REASONS.map((reason) => (
          <List.Item key={reason} fw={record.reason === reason ? 700 : undefined}>
            {t(`video-gap-${reason}`)}
          </List.Item>
        ))}
      </List>
    </StatusOverlay>
  );
}
