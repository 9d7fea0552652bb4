import { Button } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentNetwork } from '../../auth/hooks';
import { usePreference } from '../../preferences';
import { formatDateTime, resolveTimeZone } from '../../timeline';
import { type CapturedScreenshot, useScreenshotTask } from '../../viewer/hooks/useScreenshot';
import { screenshotFileName } from '../../viewer/screenshot';
import { wallDisplayName } from '../wallModel';
import type { VideoWall } from '../wallsApi';
import { WALL_TOAST_MS } from './constants';
import { composeWallScreenshot } from './wallScreenshotCapture';

/**
 * 'Screenshot' (spec 02 §4, §7, §9): the wall as seen in one JPEG — each playing tile's picture at its place, offline
 * and hidden tiles black, the time band '{wall}  {time}' below — saved as 'Screenshot - {wall} - {timestamp}.jpg',
 * then one 'screenshot_created' per channel in the picture, each under its camera's network. No picture on any tile:
 * 'screenshot-error'. Reads the tiles of the wall view it sits in (`data-testid="wall-view"`).
 */
export function WallScreenshotButton({ wall }: { wall: VideoWall }) {
  const { t } = useTranslation('walls');
  const ref = useRef<HTMLButtonElement>(null);
  const timeZone = resolveTimeZone(useCurrentNetwork()?.timezone);
  const timeMode = usePreference('timeMode');
  const name = wallDisplayName(wall, t('untitled-wall'));
  const capture = useCallback(async (): Promise<CapturedScreenshot> => {
    const root = ref.current?.closest('[data-testid="wall-view"]') ?? document;
    const ms = Date.now();
    const { blob, plan } = await composeWallScreenshot(root, wall, `${name}  ${formatDateTime(ms, timeZone, timeMode)}`);
    return { blob, fileName: `${screenshotFileName(name, ms, timeZone)}.jpg`, frameMs: ms, logs: plan.logs };
  }, [wall, name, timeZone, timeMode]);
  const messages = useMemo(
    () => ({ success: t('screenshot-success'), error: t('screenshot-error'), autoClose: WALL_TOAST_MS }),
    [t],
  );
  const [state, take] = useScreenshotTask(capture, messages);
  return (
    <Button
      ref={ref}
      variant="default"
      size="compact-sm"
      leftSection={<IconCamera size={14} aria-hidden />}
      loading={state === 'saving'}
      data-state={state}
      onClick={() => void take()}
    >
      {t('screenshot')}
    </Button>
  );
}
