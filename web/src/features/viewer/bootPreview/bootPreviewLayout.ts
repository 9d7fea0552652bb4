import { MOBILE_BREAKPOINT_PX } from '../../../app/constants';

/** The viewer's video box in page coordinates, with the viewport size it was laid out in. */
export interface StageBox {
  viewportWidth: number;
  viewportHeight: number;
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Where a camera page usually puts its video box, for a boot preview in a viewport that never showed one (a first
 * visit): measured on the demo's camera pages (header 56 px; on wide screens the side navigation, 240 px, and the
 * camera list, 300 px; the list toggle and the camera's name above the video; its controls and timeline below; at
 * most 1280 px wide). An approximation: the remembered box of a later load is exact.
 */
const HEADER_PX = 56;
const WIDE_LEFT_PX = 240 + 300;
const PAGE_PADDING_PX = 12;
const ABOVE_STAGE_PX = 129;
const BELOW_STAGE_PX = 154;
const MAX_VIEWER_WIDTH_PX = 1280;

export function fallbackStage(viewportWidth: number, viewportHeight: number): StageBox {
  const left = (viewportWidth >= MOBILE_BREAKPOINT_PX ? WIDE_LEFT_PX : 0) + PAGE_PADDING_PX;
  const top = HEADER_PX + ABOVE_STAGE_PX;
  const width = Math.max(0, Math.min(MAX_VIEWER_WIDTH_PX, viewportWidth - left - PAGE_PADDING_PX));
  const height = Math.max(0, viewportHeight - top - BELOW_STAGE_PX - PAGE_PADDING_PX);
  return { viewportWidth, viewportHeight, left, top, width, height };
}
