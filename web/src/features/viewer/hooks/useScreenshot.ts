import { notifications } from '@mantine/notifications';
import { type RefObject, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { captureFrame, downloadBlob, hasFrame, screenshotFileName } from '../screenshot';

export type ScreenshotState = 'idle' | 'saving' | 'done';

/**
 * Screenshot (spec 02 §4): idle → saving → done, with the toast 'screenshot-success' or 'screenshot-error'. Needs a
 * video element with a frame; `bandText` is stamped under the frame.
 */
export function useScreenshot(
  videoRef: RefObject<HTMLVideoElement | null>,
  cameraName: string,
  timeZone: string,
  bandText: (ms: number) => string,
  frameTimeMs: () => number,
): [ScreenshotState, () => Promise<void>] {
  const { t } = useTranslation('viewer');
  const [state, setState] = useState<ScreenshotState>('idle');
  const take = useCallback(async () => {
    setState('saving');
    try {
      const video = videoRef.current;
      if (!hasFrame(video)) throw new Error('no frame');
      const ms = frameTimeMs();
      const blob = await captureFrame(video, bandText(ms));
      downloadBlob(blob, `${screenshotFileName(cameraName, ms, timeZone)}.jpg`);
      notifications.show({ message: t('screenshot-success'), color: 'green' });
    } catch {
      notifications.show({ message: t('screenshot-error'), color: 'red' });
    } finally {
      setState('done');
    }
  }, [videoRef, cameraName, timeZone, bandText, frameTimeMs, t]);
  return [state, take];
}
