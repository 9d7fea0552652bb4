import { notifications } from '@mantine/notifications';
import { type RefObject, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogEventMutation } from '../eventLogApi';
import { captureFrame, downloadBlob, hasFrame, screenshotEvents, screenshotFileName } from '../screenshot';

export type ScreenshotState = 'idle' | 'saving' | 'done';

/** Where a saved screenshot is logged: the network and the channels in the picture (one event each). */
export interface ScreenshotLogTarget {
  networkId: number;
  channelIds: readonly number[];
}

/** A screenshot ready to save: the JPEG, its file name, the frame's time and where it is logged. */
export interface CapturedScreenshot {
  blob: Blob;
  fileName: string;
  frameMs: number;
  /** One target per network: a channel is logged under its camera's network (docs/design/walls.md "Event log"). */
  logs: readonly ScreenshotLogTarget[];
}

/** The toasts' texts (already translated) and, optionally, how long they stay. */
export interface ScreenshotMessages {
  success: string;
  error: string;
  autoClose?: number;
}

/**
 * The screenshot flow shared by the camera page and the wall page (spec 02 §4): idle → saving → done, with the toast
 * 'screenshot-success' or 'screenshot-error'. `capture` builds the JPEG (a rejection is the error); the file is then
 * downloaded and logged ('screenshot_created' per channel, spec 02 §7) without waiting: a failed log never changes the
 * outcome.
 */
export function useScreenshotTask(
  capture: () => Promise<CapturedScreenshot>,
  messages: ScreenshotMessages,
): [ScreenshotState, () => Promise<void>] {
  const [state, setState] = useState<ScreenshotState>('idle');
  const [logEvent] = useLogEventMutation();
  const { success, error, autoClose } = messages;
  const take = useCallback(async () => {
    setState('saving');
    let saved: CapturedScreenshot | null = null;
    try {
      const shot = await capture();
      downloadBlob(shot.blob, shot.fileName);
      saved = shot;
      notifications.show({ message: success, color: 'green', ...(autoClose !== undefined && { autoClose }) });
    } catch {
      notifications.show({ message: error, color: 'red', ...(autoClose !== undefined && { autoClose }) });
    } finally {
      setState('done');
    }
    if (saved === null) return;
    for (const { networkId, channelIds } of saved.logs) {
      for (const body of screenshotEvents(channelIds, saved.frameMs)) {
        // Fire and forget: the mutation's promise resolves with an error result instead of rejecting.
        void logEvent({ networkId, body });
      }
    }
  }, [capture, success, error, autoClose, logEvent]);
  return [state, take];
}

/**
 * The camera page's screenshot (spec 02 §4): needs a video element with a frame; `bandText` is stamped under the
 * frame. A saved screenshot is logged for `log`'s channels.
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
  const capture = useCallback(async (): Promise<CapturedScreenshot> => {
    const video = videoRef.current;
    if (!hasFrame(video)) throw new Error('no frame');
    const ms = frameTimeMs();
    const blob = await captureFrame(video, bandText(ms));
    return { blob, fileName: `${screenshotFileName(cameraName, ms, timeZone)}.jpg`, frameMs: ms, logs: [log] };
  }, [videoRef, cameraName, timeZone, bandText, frameTimeMs, log]);
  const messages = useMemo(() => ({ success: t('screenshot-success'), error: t('screenshot-error') }), [t]);
  return useScreenshotTask(capture, messages);
}
