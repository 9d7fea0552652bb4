import { notifications } from '@mantine/notifications';
import { type RefObject, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogEventMutation } from '../eventLogApi';
import { captureFrame, downloadBlob, hasFrame, screenshotEvents, screenshotFileName } from '../screenshot';

export type ScreenshotState = 'idle' | 'saving' | 'done';

/** Where a saved screenshot is logged: the network and the channels in the picture (one event each). */
export interface ScreenshotLogTarget {
  networkId: number;
  channelIds: readonly number[];
}

/**
 * Screenshot (spec 02 §4): idle → saving → done, with the toast 'screenshot-success' or 'screenshot-error'. Needs a
 * video element with a frame; `bandText` is stamped under the frame. A saved screenshot is then logged
 * ('screenshot_created', spec 02 §7) without waiting: a failed log never changes the outcome.
 */
export function useScreenshot(
  videoRef: RefObject<HTMLVideoElement | null>,
  cameraName: string,
  timeZone: string,
  bandText: (ms: number) => string,
  frameTimeMs: () => number,
  log: ScreenshotLogTarget,
): [ScreenshotState, () => Promise<void>] {
  const { t } = useTranslation('viewer');
  const [state, setState] = useState<ScreenshotState>('idle');
  const [logEvent] = useLogEventMutation();
  const { networkId, channelIds } = log;
  const take = useCallback(async () => {
    setState('saving');
    let savedMs: number | null = null;
    try {
      const video = videoRef.current;
      if (!hasFrame(video)) throw new Error('no frame');
      const ms = frameTimeMs();
      const blob = await captureFrame(video, bandText(ms));
      downloadBlob(blob, `${screenshotFileName(cameraName, ms, timeZone)}.jpg`);
      savedMs = ms;
      notifications.show({ message: t('screenshot-success'), color: 'green' });
    } catch {
      notifications.show({ message: t('screenshot-error'), color: 'red' });
    } finally {
      setState('done');
    }
    if (savedMs === null) return;
    for (const body of screenshotEvents(channelIds, savedMs)) {
      // Fire and forget: the mutation's promise resolves with an error result instead of rejecting.
      void logEvent({ networkId, body });
    }
  }, [videoRef, cameraName, timeZone, bandText, frameTimeMs, t, logEvent, networkId, channelIds]);
  return [state, take];
}
