import { Button, Tooltip } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { exportBlocker } from '../camera/CameraExportButton';
import { useEventExport } from './useEventExport';

export interface EventExportButtonProps {
  camera: Camera;
  /** The event's recorded range, UNIX seconds. */
  startS: number;
  endS: number;
}

/**
 * 'Export' in the motion search recap and the event clip modal (spec 03 §2): creates the export job of the event's
 * range on its camera, loading while the request runs, then the notice linking to the job (or the error). Disabled
 * with 'Insufficient permissions' without the camera's export right (no permission data: allowed). The export calls
 * and texts load when the pointer or focus reaches the button, so the drawer and the page carry none of them.
 */
export function EventExportButton({ camera, startS, endS }: EventExportButtonProps) {
  const { t } = useTranslation('exportButton');
  const { prefetch, start, exporting } = useEventExport(camera, startS, endS);
  const blocker = exportBlocker(camera);
  const button = (
    <Button
      variant="default"
      leftSection={<IconFileExport size={16} aria-hidden />}
      loading={exporting}
      data-disabled={blocker !== null || undefined}
      aria-disabled={blocker !== null}
      onPointerEnter={blocker ? undefined : prefetch}
      onFocus={blocker ? undefined : prefetch}
      onClick={(click) => {
        if (blocker) click.preventDefault();
        else start();
      }}
      data-testid="event-export"
    >
      {t('export')}
    </Button>
  );
  return blocker ? <Tooltip label={t(blocker)}>{button}</Tooltip> : button;
}
