import { Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatClock, formatDuration, type TimeMode } from '../../timeline';
import { EventImage, type MotionEvent } from '../../motion-search';

export interface EventCardProps {
  event: MotionEvent;
  /** The event image's address at the size shown (none: the event has no image). */
  imageSrc: string | undefined;
  cameraName: string;
  timeZone: string;
  timeMode: TimeMode;
  onOpen: () => void;
}

/** One result: the event's recap image, camera, start time and duration (at least 1 s). */
export function EventCard({ event, imageSrc, cameraName, timeZone, timeMode, onOpen }: EventCardProps) {
  const { t } = useTranslation('eventSearch');
  const time = formatClock(event.ts * 1000, timeZone, timeMode);
  const duration = formatDuration(event.duration_ms);
  return (
    <UnstyledButton
      onClick={onOpen}
      aria-label={t('event-label', { camera: cameraName, time, duration })}
      data-testid="event-card"
      data-camera-id={event.cameraId}
      data-ts={event.ts}
    >
      <EventImage src={imageSrc} />
      <Text size="sm" fw={500} truncate mt={4}>
        {cameraName}
      </Text>
      <Text size="xs" c="dimmed">
        {time} · {duration}
      </Text>
    </UnstyledButton>
  );
}
