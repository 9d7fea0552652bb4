import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPhoto, IconPlayerPlay, IconVideo } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { cameraDisplayName } from '../../cameras/cameraModel';
import { EventExportButton } from '../../exports/event/EventExportButton';
import type { TimeMode } from '../../timeline';
import { eventTexts } from '../eventLabel';
import type { MotionEvent } from '../types';
import { ClipPlayer } from './ClipPlayer';
import { DownloadImageButton } from './DownloadImageButton';
import { EventImage } from './EventImage';
import { EventStepper } from './EventStepper';

export interface RecapModalProps {
  camera: Camera;
  event: MotionEvent;
  index: number;
  count: number;
  timeZone: string;
  timeMode: TimeMode;
  onFocus: (index: number) => void;
  onClose: () => void;
  /** Seeks the camera's main viewer to `ts` (seconds) and closes the drawer. */
  onJumpToVideo: (ts: number) => void;
}

/**
 * The recap of one event (spec 03 §2): image or clip, camera name, date, time and duration; previous/next (also the
 * left/right arrow keys), play clip, jump to video, download image and export (the event's range, as a job on the
 * exports page).
 */
export function RecapModal(props: RecapModalProps) {
  const { camera, event, index, count, timeZone, timeMode } = props;
  const { t } = useTranslation('motionSearch');
  const [playing, setPlaying] = useState(false);
  const texts = eventTexts(event, timeZone, timeMode, t);
  const name = cameraDisplayName(camera);
  const image = event.img_url[0];

  useEffect(() => setPlaying(false), [event]);

  return (
    <Modal opened onClose={props.onClose} title={name} size="xl" closeButtonProps={{ 'aria-label': t('close') }}>
      <Stack gap="sm" data-testid="motion-recap">
        <EventStepper index={index} count={count} onFocus={props.onFocus}>
          {playing ? (
            <ClipPlayer cameraId={camera.id} startMs={event.ts * 1000} endMs={event.end_ts * 1000} />
          ) : (
            <EventImage src={image} />
          )}
        </EventStepper>
        <SimpleGrid cols={3} data-testid="motion-recap-details">
          <Detail label={t('date')} value={texts.date} />
          <Detail label={t('time')} value={texts.time} />
          <Detail label={t('duration')} value={texts.duration} />
        </SimpleGrid>
        <Group gap="xs" justify="flex-end" wrap="wrap">
          <Button
            variant="default"
            leftSection={playing ? <IconPhoto size={16} aria-hidden /> : <IconPlayerPlay size={16} aria-hidden />}
            onClick={() => setPlaying((value) => !value)}
          >
            {playing ? t('show-image') : t('play-clip')}
          </Button>
          <Button variant="default" leftSection={<IconVideo size={16} aria-hidden />} onClick={() => props.onJumpToVideo(event.ts)}>
            {t('jump-to-video')}
          </Button>
          <DownloadImageButton event={event} cameraName={name} timeZone={timeZone} />
          <EventExportButton camera={camera} startS={event.ts} endS={event.end_ts} />
        </Group>
      </Stack>
    </Modal>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}
