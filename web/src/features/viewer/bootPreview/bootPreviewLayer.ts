import { BOOT_PREVIEW_STAGE_KEY } from '../constants';
import { fallbackStage, type StageBox } from './bootPreviewLayout';

/**
 * What the boot preview (startBootPreview.ts, inlined in index.html) and the app (bootPreview.ts) share: the layer's
 * element id, the event that asks the boot side to take it away, and where the viewer's video box was.
 */
export const BOOT_PREVIEW_LAYER_ID = 'argus-boot-preview';
/** Dispatched on the layer: the boot side ends its worker (and connection) and removes the layer. */
export const BOOT_PREVIEW_RELEASE_EVENT = 'argus-boot-preview-release';

/** The viewer's video box as the last camera page in a viewport of this size left it, else where it usually is. */
export function previewStage(): StageBox {
  try {
    const stored = JSON.parse(window.localStorage.getItem(BOOT_PREVIEW_STAGE_KEY) ?? 'null') as Partial<StageBox> | null;
    const { left, top, width, height } = stored ?? {};
    const valid =
      [left, top, width, height].every((value) => typeof value === 'number' && Number.isFinite(value) && value >= 0) &&
      (width as number) > 0 &&
      (height as number) > 0;
    if (valid && stored?.viewportWidth === window.innerWidth && stored.viewportHeight === window.innerHeight) {
      return stored as StageBox;
    }
  } catch {
    // Unreadable: the usual place.
  }
  return fallbackStage(window.innerWidth, window.innerHeight);
}

/** Keeps the viewer's video box (page coordinates) for the next cold load in this viewport size. */
export function rememberViewerStage(box: { left: number; top: number; width: number; height: number }): void {
  // A box partly off the page (scrolled) is not where a fresh load puts it: keep the earlier one.
  if (box.width <= 0 || box.height <= 0 || box.left < 0 || box.top < 0) return;
  const stage: StageBox = {
    viewportWidth: window.innerWidth,
    viewportHeight: window.innerHeight,
    left: Math.round(box.left),
    top: Math.round(box.top),
    width: Math.round(box.width),
    height: Math.round(box.height),
  };
  try {
    window.localStorage.setItem(BOOT_PREVIEW_STAGE_KEY, JSON.stringify(stage));
  } catch {
    // Storage full or refused: the next cold load uses the usual place.
  }
}
