import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ClipPlayer, EventStepper } from '../../motion-search';
import { formatClock, formatDate, type TimeMode } from '../../timeline';
import { MIN_CLIP_MS, SIMILARITY_THUMBNAILS } from '../constants';
import { similarityPath } from '../similaritySettings';
import type { SimilarTrack } from '../types';
import { TrackThumbnail } from './TrackThumbnail';

export interface SimilarityDetailModalProps {
  /** The shown results in their order; `index` is the open one. */
  results: readonly SimilarTrack[];
  index: number;
  networkId: number;
  /** The person of interest's image. */
  poiImage: string | null;
  cameraName: (serial: string) => string;
  timeZone: string;
  timeMode: TimeMode;
  onFocus: (index: number) => void;
  onClose: () => void;
  /** 'View in feed': the camera page at the result's first sighting. */
  onViewInFeed: (track: SimilarTrack) => void;
}

const SIZE = SIMILARITY_THUMBNAILS.small;

/**
 * The detail viewer (spec 03 §2): the result's recorded clip (its first to last sighting, at least 1 s) between
 * previous and next (and ←/→), the person-of-interest thumbnail beside the result's, 'View in feed' and a similarity
 * search from this result.
 */
export function SimilarityDetailModal(props: SimilarityDetailModalProps) {
  const { results, index, networkId, poiImage, cameraName, timeZone, timeMode, ...handlers } = props;
  const { t } = useTranslation('similaritySearch');
  const track = results[index];
  if (!track) return null;
  const name = cameraName(track.serial);
  const endMs = Math.max(track.t1, track.t0 + MIN_CLIP_MS);
  const value = Math.round(track.similarityPercent ?? 0);
  return (
    <Modal opened onClose={handlers.onClose} title={name} size="xl" closeButtonProps={{ 'aria-label': t('close') }}>
      <Stack gap="sm" data-testid="similarity-detail" data-index={index}>
        <Text size="sm" c="dimmed" data-testid="detail-time-range">
          {formatDate(track.t0, timeZone)}, {formatClock(track.t0, timeZone, timeMode)} – {formatClock(endMs, timeZone, timeMode)}
        </Text>
        <EventStepper index={index} count={results.length} onFocus={handlers.onFocus}>
          <ClipPlayer key={`${track.serial}-${track.trackId}`} cameraId={track.cameraId} startMs={track.t0} endMs={endMs} />
        </EventStepper>
        <Group gap="lg" align="flex-start">
          <Stack gap={4} data-testid="detail-poi">
            <Text size="xs" fw={500}>
              {t('person-of-interest')}
            </Text>
            <TrackThumbnail b64Image={poiImage} width={SIZE.width} height={SIZE.height} alt="" />
          </Stack>
          <Stack gap={4} data-testid="detail-result">
            <Text size="xs" fw={500}>
              {t('this-result')} · {t('match', { value })}
            </Text>
            <TrackThumbnail b64Image={track.b64Image} width={SIZE.width} height={SIZE.height} alt="" />
          </Stack>
        </Group>
        <Group gap="xs" justify="flex-end" wrap="wrap">
          <Anchor component={Link} to={similarityPath(networkId, track.serial, track.trackId, track.t0 / 1000)} size="sm">
            {t('search-from-result')}
          </Anchor>
          <Button variant="default" leftSection={<IconVideo size={16} aria-hidden />} onClick={() => handlers.onViewInFeed(track)}>
            {t('view-in-feed')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
