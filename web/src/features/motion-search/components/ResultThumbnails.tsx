import { SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TimeMode } from '../../timeline';
import { eventTexts } from '../eventLabel';
import type { MotionEvent } from '../types';
import { EventImage } from './EventImage';

export interface ResultViewProps {
  events: readonly MotionEvent[];
  timeZone: string;
  timeMode: TimeMode;
  onOpen: (index: number) => void;
}

/** Recap thumbnails: the first image of each event with its time and duration. */
export function ResultThumbnails({ events, timeZone, timeMode, onOpen }: ResultViewProps) {
  const { t } = useTranslation('motionSearch');
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" data-testid="motion-thumbnails">
      {events.map((event, index) => {
        const texts = eventTexts(event, timeZone, timeMode, t);
        return (
          <UnstyledButton
            key={`${event.ts}-${index}`}
            aria-label={texts.label}
            data-testid="motion-thumbnail"
            onClick={() => onOpen(index)}
          >
            <EventImage src={event.img_url[0]} />
            <Text size="xs">
              {texts.time} · {texts.duration}
            </Text>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
