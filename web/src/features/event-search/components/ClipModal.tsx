import { Button, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconLink, IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { cameraDisplayName } from '../../cameras';
import { EventExportButton } from '../../exports/event/EventExportButton';
import { ClipPlayer, DownloadImageButton, EventStepper, type MotionEvent } from '../../motion-search';
import type { TimeMode } from '../../timeline';
import { eventRangeText } from '../format';
import type { SimilarSource } from '../similarResults';
import { ObjectThumbnails } from './ObjectThumbnails';

export interface ClipModalProps {
  /** The shown events in the sort order; `index` is the open one. */
  events: readonly MotionEvent[];
  index: number;
  networkId: number;
  /** The network's camera of an event (its name, its network and channel for the export, its export right). */
  cameraOf: (cameraId: number) => Camera | undefined;
  timeZone: string;
  timeMode: TimeMode;
  onFocus: (index: number) => void;
  onClose: () => void;
  /** 'View in feed': the camera page at the event's start. */
  onViewInFeed: (event: MotionEvent) => void;
  /** 'Find similar' of one of the event's people or vehicles (not offered without it). */
  onFindSimilar?: (source: SimilarSource) => void;
}

/** The camera page address at an event's start (the viewer seeks to `ts`, seconds). */
export function eventFeedPath(networkId: number, event: Pick<MotionEvent, 'cameraId' | 'ts'>): string {
  return `/n/${networkId}/cameras/${event.cameraId}?ts=${Math.floor(event.ts)}`;
}

/**
 * The event clip detail (spec 03 §2): the recorded clip of [ts, end_ts] playing, previous/next (and the arrow keys),
 * camera name and time range, the people and vehicles it saw (thumbnails linking to their similarity search, 'Find
 * similar'), 'View in feed', export (the event's range, as a job on the exports page), share link (copied) and
 * download image.
 */
export function ClipModal({ events, index, networkId, cameraOf, timeZone, timeMode, ...handlers }: ClipModalProps) {
  const { t } = useTranslation('eventSearch');
  const event = events[index];
  if (!event) return null;
  const camera = cameraOf(event.cameraId);
  const name = camera ? cameraDisplayName(camera) : String(event.cameraId);
  const shareUrl = `${window.location.origin}${eventFeedPath(networkId, event)}`;
  return (
    <Modal opened onClose={handlers.onClose} title={name} size="xl" closeButtonProps={{ 'aria-label': t('close') }}>
      <Stack gap="sm" data-testid="clip-modal" data-index={index}>
        <Text size="sm" c="dimmed" data-testid="clip-time-range">
          {eventRangeText(event.ts * 1000, event.end_ts * 1000, timeZone, timeMode)}
        </Text>
        <EventStepper index={index} count={events.length} onFocus={handlers.onFocus}>
          <ClipPlayer
            key={`${event.cameraId}-${event.ts}`}
            cameraId={event.cameraId}
            startMs={event.ts * 1000}
            endMs={event.end_ts * 1000}
          />
        </EventStepper>
        <ObjectThumbnails
          key={`${event.cameraId}-${event.ts}-objects`}
          event={event}
          camera={camera}
          networkId={networkId}
          timeZone={timeZone}
          timeMode={timeMode}
          onFindSimilar={handlers.onFindSimilar}
        />
        <Group gap="xs" justify="flex-end" wrap="wrap">
          <Button variant="default" leftSection={<IconVideo size={16} aria-hidden />} onClick={() => handlers.onViewInFeed(event)}>
            {t('view-in-feed')}
          </Button>
          {camera && <EventExportButton camera={camera} startS={event.ts} endS={event.end_ts} />}
          <CopyButton value={shareUrl} timeout={6000}>
            {({ copied, copy }) => (
              <Button
                variant="default"
                color={copied ? 'teal' : undefined}
                leftSection={<IconLink size={16} aria-hidden />}
                onClick={copy}
                data-share-url={shareUrl}
              >
                {copied ? t('link-copied') : t('share-link')}
              </Button>
            )}
          </CopyButton>
          <DownloadImageButton event={event} cameraName={name} timeZone={timeZone} />
        </Group>
      </Stack>
    </Modal>
  );
}
