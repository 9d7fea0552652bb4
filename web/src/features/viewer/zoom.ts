import { ZOOM_MAX, ZOOM_MIN } from './constants';

/** Digital zoom transform: `translate(x, y) scale(scale)` with origin top-left, in px of the video area. */
export interface ZoomState {
  scale: number;
  x: number;
  y: number;
}

export const NO_ZOOM: ZoomState = { scale: 1, x: 0, y: 0 };

/** Scale clamped to 1–8, rounded to the slider's 0.1 step precision. */
export function clampScale(scale: number): number {
  return Math.round(Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, scale)) * 100) / 100;
}

/** Pan clamped so the scaled frame still covers the whole area (x in [w − s·w, 0], same for y). */
export function clampPan(state: ZoomState, width: number, height: number): ZoomState {
  const minX = width - state.scale * width;
  const minY = height - state.scale * height;
  return { scale: state.scale, x: Math.min(0, Math.max(minX, state.x)), y: Math.min(0, Math.max(minY, state.y)) };
}

/** Zoom to `scale` keeping the point (px, py) of the area still, then clamp. */
export function zoomAt(state: ZoomState, scale: number, px: number, py: number, width: number, height: number): ZoomState {
  const next = clampScale(scale);
  const ratio = next / state.scale;
  return clampPan({ scale: next, x: px - (px - state.x) * ratio, y: py - (py - state.y) * ratio }, width, height);
}

/** Moves the view by (dx, dy) px, clamped. */
export function panBy(state: ZoomState, dx: number, dy: number, width: number, height: number): ZoomState {
  return clampPan({ ...state, x: state.x + dx, y: state.y + dy }, width, height);
}

/** The visible part of the frame as fractions (0..1) of it, for the minimap's rectangle. */
export function visibleRect(state: ZoomState, width: number, height: number) {
  if (width <= 0 || height <= 0) return { left: 0, top: 0, width: 1, height: 1 };
  return { left: -state.x / (state.scale * width), top: -state.y / (state.scale * height), width: 1 / state.scale, height: 1 / state.scale };
}
