/** The visible part of the time axis, [startMs, endMs). */
export interface TimeWindow {
  startMs: number;
  endMs: number;
}

/** Position of `ms` in the window as a percentage of its width (may fall outside 0..100). */
export function timeToPercent(ms: number, window: TimeWindow): number {
  return ((ms - window.startMs) / (window.endMs - window.startMs)) * 100;
}

/** Time at `x` px of a track `widthPx` wide showing `window`; x is clamped to the track. */
export function pixelToTime(x: number, widthPx: number, window: TimeWindow): number {
  if (widthPx <= 0) return window.startMs;
  const ratio = Math.min(1, Math.max(0, x / widthPx));
  return Math.round(window.startMs + ratio * (window.endMs - window.startMs));
}

/** Pixel position of `ms` on a track `widthPx` wide. */
export function timeToPixel(ms: number, widthPx: number, window: TimeWindow): number {
  return ((ms - window.startMs) / (window.endMs - window.startMs)) * widthPx;
}

export interface Tick {
  ms: number;
  /** Whether the tick carries a text label (every `labelIntervalMs`, see tickLabels.ts). */
  labelled: boolean;
}

/**
 * Ticks every `tickMs` inside the window, aligned to the network's local clock: `utcOffsetMs` is the zone's offset
 * from UTC (e.g. -5 h for New York in winter), so hour ticks fall on local hours. Ticks on a local multiple of
 * `labelIntervalMs` (a multiple of `tickMs`) are labelled.
 */
export function generateTicks(window: TimeWindow, tickMs: number, utcOffsetMs = 0, labelIntervalMs = tickMs): Tick[] {
  const first = Math.ceil((window.startMs + utcOffsetMs) / tickMs) * tickMs - utcOffsetMs;
  const ticks: Tick[] = [];
  for (let ms = first; ms <= window.endMs; ms += tickMs) {
    const local = ms + utcOffsetMs;
    ticks.push({ ms, labelled: Math.abs(local - Math.round(local / labelIntervalMs) * labelIntervalMs) < 1 });
  }
  return ticks;
}
