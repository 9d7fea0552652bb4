import { HoverCard, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MotionEvent } from '../../motion-search/types';
import { MIN_MOTION_BLOCK_PX } from '../constants';
import { recapBlocks } from '../motionBlocks';
import { formatClock, formatDate, formatDuration, type TimeMode } from '../timeFormat';
import type { TimeWindow } from '../timeScale';

export interface MotionRecapBlocksProps {
  events: readonly MotionEvent[];
  window: TimeWindow;
  timeZone: string;
  timeMode: TimeMode;
}

/** Motion-recap blocks above the availability lines, each with a hover preview (image, date, time, duration). */
export function MotionRecapBlocks({ events, window, timeZone, timeMode }: MotionRecapBlocksProps) {
  return (
    <>
      {recapBlocks(events, window).map(({ event, leftPercent, widthPercent }) => (
        <HoverCard key={`${event.ts}:${event.end_ts}`} openDelay={150} closeDelay={50} position="top" withArrow shadow="md">
          <HoverCard.Target>
            <div
              data-testid="motion-recap-block"
              style={{
                position: 'absolute',
                top: 24,
                height: 8,
                left: `${leftPercent}%`,
                width: `${widthPercent}%`,
                minWidth: MIN_MOTION_BLOCK_PX,
                background: 'var(--mantine-color-orange-5)',
                opacity: 0.45 + Math.min(100, Math.max(0, event.intensity_frame)) / 200,
                borderRadius: 2,
              }}
            />
          </HoverCard.Target>
          <HoverCard.Dropdown p={6}>
            <MotionPreview event={event} timeZone={timeZone} timeMode={timeMode} />
          </HoverCard.Dropdown>
        </HoverCard>
      ))}
    </>
  );
}

function MotionPreview({ event, timeZone, timeMode }: { event: MotionEvent; timeZone: string; timeMode: TimeMode }) {
  const { t } = useTranslation('timeline');
  const [broken, setBroken] = useState(false);
  const image = event.img_url[0];
  const ms = event.ts * 1000;
  return (
    <Stack gap={2} w={200} data-testid="motion-recap-preview">
      {image && !broken ? (
        <img src={image} alt="" width={200} style={{ aspectRatio: '16 / 9', objectFit: 'cover' }} onError={() => setBroken(true)} />
      ) : (
        <Text size="xs" c="dimmed">
          {t('failed-to-load-thumbnail')}
        </Text>
      )}
      <Text size="xs" fw={500}>
        {t('motion')}
      </Text>
      <Text size="xs">{formatDate(ms, timeZone)}</Text>
      <Text size="xs">{formatClock(ms, timeZone, timeMode)}</Text>
      <Text size="xs">{t('motion-duration', { duration: formatDuration(event.duration_ms) })}</Text>
    </Stack>
  );
}
