import { useEffect } from 'react';
import { BOOT_PREVIEW_CLAIM_MS, BOOT_PREVIEW_HANDOVER_MS } from '../constants';
import { BOOT_PREVIEW_LAYER_ID, BOOT_PREVIEW_RELEASE_EVENT } from './bootPreviewLayer';

/**
 * The app's side of the boot preview (startBootPreview.ts: the live picture a camera page shows before the app has
 * rendered it). The layer must never hide what the page shows: it goes once the viewer presented its own first frame,
 * at once when the page is another one or shows no player, and at the latest BOOT_PREVIEW_CLAIM_MS after the app
 * started without a viewer taking it, or BOOT_PREVIEW_HANDOVER_MS after the viewer mounted.
 */

let deadline: ReturnType<typeof setTimeout> | null = null;

function layer(): HTMLElement | null {
  return document.getElementById(BOOT_PREVIEW_LAYER_ID);
}

/** Takes the layer away now (the boot side ends its worker and connection). */
export function releaseBootPreview(): void {
  if (deadline) clearTimeout(deadline);
  deadline = null;
  layer()?.dispatchEvent(new Event(BOOT_PREVIEW_RELEASE_EVENT));
}

function releaseWithin(ms: number): void {
  if (!layer()) return;
  if (deadline) clearTimeout(deadline);
  deadline = setTimeout(releaseBootPreview, ms);
}

/** The app finished starting on `pathname`: on the previewed camera page its viewer takes the layer over, else it goes. */
export function appStartedOn(pathname: string): void {
  const previewed = layer()?.dataset.pathname;
  if (previewed === undefined) return;
  if (previewed !== pathname) releaseBootPreview();
  else releaseWithin(BOOT_PREVIEW_CLAIM_MS);
}

/** The camera page's viewer mounted: it takes the layer away when it plays. */
export function claimBootPreview(): void {
  releaseWithin(BOOT_PREVIEW_HANDOVER_MS);
}

/** Takes the layer away once `video` (the viewer's, now playing) presented a frame: no gap between the two pictures. */
export function releaseBootPreviewOn(video: HTMLVideoElement): void {
  if (!layer()) return;
  if (typeof video.requestVideoFrameCallback === 'function') video.requestVideoFrameCallback(() => releaseBootPreview());
  else releaseBootPreview();
}

/**
 * A screen on a camera page's path that shows no viewer (insufficient permissions, camera not found, an error): the
 * boot preview of that camera goes at once instead of covering it until its deadline.
 */
export function useNoBootPreview(shown = true): void {
  useEffect(() => {
    if (shown) releaseBootPreview();
  }, [shown]);
}
