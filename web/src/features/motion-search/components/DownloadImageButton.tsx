import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { imageFileName } from '../eventFormat';
import type { MotionEvent } from '../types';

export interface DownloadImageButtonProps {
  event: MotionEvent;
  cameraName: string;
  timeZone: string;
}

/**
 * 'Download image': the event's first JPEG, named `Motion - {camera} - {YYYY-MM-DD HH-mm-ss}.jpg` in the network's
 * zone; inert without an image.
 */
export function DownloadImageButton({ event, cameraName, timeZone }: DownloadImageButtonProps) {
  const { t } = useTranslation('motionSearch');
  const image = event.img_url[0];
  return (
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
  );
}
