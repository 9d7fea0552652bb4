import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Camera } from '../../../api/types';
import type { MotionEvent } from '../../motion-search';
import { SIMILARITY_THUMBNAILS, similarityPath, TrackThumbnail, useThumbnailTracksQuery } from '../../similarity-search';
import { formatClock, type TimeMode } from '../../timeline';
import type { SimilarSource } from '../similarResults';

export interface ObjectThumbnailsProps {
  event: MotionEvent;
  /** The event's camera (its serial asks for the tracks); unknown: nothing shown. */
  camera: Camera | undefined;
  networkId: number;
  timeZone: string;
  timeMode: TimeMode;
  /** 'Find similar' of a person or vehicle; without it the button is not offered. */
  onFindSimilar?: (source: SimilarSource) => void;
}

const SIZE = SIMILARITY_THUMBNAILS.small;

/**
 * The people and vehicles an event saw (the thumbnail track query of its camera over [ts, end_ts]), each a small
 * thumbnail linking to its similarity search (spec 03 §2: similarity-search/{serial}/{trackId}/{startSeconds}), with
 * 'Find similar' to filter the events by similar objects. Nothing is asked for an event without people or vehicles.
 */
export function ObjectThumbnails({ event, camera, networkId, timeZone, timeMode, onFindSimilar }: ObjectThumbnailsProps) {
  const { t } = useTranslation('eventSearch');
  const seen = event.has_people || event.has_vehicles;
  const query = useThumbnailTracksQuery(
    camera && seen ? { serial: camera.serial, t0: event.ts * 1000, t1: event.end_ts * 1000 } : skipToken,
  );
  if (!camera || !seen) return null;
  let content;
  if (query.isFetching && !query.data) {
    content = <Loader size="xs" aria-label={t('loading-objects')} />;
  } else if (query.isError) {
    content = (
      <Alert color="red" p="xs">
        <Text size="xs">{t('failed-to-load-thumbnails')}</Text>
      </Alert>
    );
  } else if (!query.data || query.data.length === 0) {
    content = (
      <Text size="xs" c="dimmed">
        {t('no-objects')}
      </Text>
    );
  } else {
    content = (
      <Group gap="sm" wrap="wrap" align="flex-start">
        {query.data.map((track) => {
          const object = t(`object-${track.objectClass}`);
          const time = formatClock(track.data.t0, timeZone, timeMode);
          return (
            <Stack key={track.trackId} gap={4} align="center" data-testid="object-thumbnail" data-track-id={track.trackId}>
              <Anchor
                component={Link}
                to={similarityPath(networkId, camera.serial, track.trackId, track.data.t0 / 1000)}
                aria-label={t('object-link', { object, time })}
              >
                <TrackThumbnail b64Image={track.data.b64Image} width={SIZE.width} height={SIZE.height} alt="" />
              </Anchor>
              <Text size="xs" c="dimmed">
                {object} · {time}
              </Text>
              {onFindSimilar && (
                <Button
                  size="compact-xs"
                  variant="default"
                  aria-label={t('find-similar-of', { object, time })}
                  onClick={() =>
                    onFindSimilar({
                      serial: camera.serial,
                      cameraId: camera.id,
                      trackId: track.trackId,
                      objectClass: track.objectClass,
                      t0: track.data.t0,
                      t1: track.data.t1,
                      b64Image: track.data.b64Image,
                    })
                  }
                >
                  {t('find-similar')}
                </Button>
              )}
            </Stack>
          );
        })}
      </Group>
    );
  }
  return (
    <Stack gap={6} data-testid="event-objects">
      <Text size="sm" fw={500}>
        {t('objects-seen')}
      </Text>
      {content}
    </Stack>
  );
}
