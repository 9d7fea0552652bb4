import { Button, Tooltip } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { imageFileName } from '../eventFormat';
import type { MotionEvent } from '../types';

export interface EventFileActionsProps {
  event: MotionEvent;
  cameraName: string;
  timeZone: string;
}

/**
 * 'Download image' (the event's first JPEG, named `Motion - {camera} - {YYYY-MM-DD HH-mm-ss}.jpg` in the network's
 * zone; inert without an image) and 'Export', disabled until exports exist.
 */
export function EventFileActions({ event, cameraName, timeZone }: EventFileActionsProps) {
  const { t } = useTranslation('motionSearch');
  const image = event.img_url[0];
  return (
    <>
      <Button
        component="a"
        variant="default"
        href={image}
        download={imageFileName(cameraName, event.ts * 1000, timeZone)}
        leftSection={<IconDownload size={16} aria-hidden />}
        data-disabled={!image || undefined}
      >
        {t('download-image')}
      </Button>
      <Tooltip label={t('export-later')}>
        <Button variant="default" data-disabled aria-disabled onClick={(click) => click.preventDefault()}>
          {t('export')}
        </Button>
      </Tooltip>
    </>
  );
}
