import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FileRecord } from '../viewerApi';
import { StatusOverlay } from './StatusOverlay';

/** The reasons spec 02 §4 lists when the server cannot say which one applies. */
const POSSIBLE_REASONS = ['motion_based_retention', 'outside_schedule', 'beyond_retention'] as const;
const KNOWN_REASONS: ReadonlySet<string> = new Set([...POSSIBLE_REASONS, 'camera_offline']);

export interface VideoGapProps {
  record: FileRecord;
  onJump: (ms: number) => void;
}

/**
 * History at a time without video: the recent-video note, or the gap explanation naming the server's real reason
 * (spec 02 §8: camera offline, outside schedule, beyond retention…); the list of possible reasons only without one.
 */
export function VideoGap({ record, onJump }: VideoGapProps) {
  const { t } = useTranslation('viewer');
  if (record.reason === 'not_yet_available') return <StatusOverlay message={t('recent-video-not-available')} />;
  const next = record.next_start_ms;
  const reason = record.reason != null && KNOWN_REASONS.has(record.reason) ? record.reason : null;
  return (
    <StatusOverlay
      message={t('no-video-available')}
      action={next != null ? { label: t('jump-to-next-video'), onClick: () => onJump(next) } : undefined}
    >
      {reason ? (
        <Text size="sm" c="gray.3" ta="center" data-testid="video-gap-reason">
          {t(`video-gap-${reason}`)}
        </Text>
      ) : (
        <>
          <Text size="sm">{t('video-gap-reasons')}</Text>
          <List size="sm" c="gray.3">
            {POSSIBLE_REASONS.map((possible) => (
              <List.Item key={possible}>{t(`video-gap-${possible}`)}</List.Item>
            ))}
          </List>
        </>
      )}
    </StatusOverlay>
  );
}
