import { TICK_LABEL_CHAR_PX, TICK_LABEL_GAP_PX, TICK_LABEL_INTERVALS_MS } from './constants';
import type { TimeMode } from './timeFormat';

/**
 * Characters of the widest label shown every `intervalMs` (formatTick): a clock time with seconds below a minute
 * ('10:35:15 PM', '22:35:15'), without them above ('10:35 PM', '22:35'), or a date at midnight ('Nov 24').
 */
function tickLabelChars(intervalMs: number, timeMode: TimeMode): number {
  const seconds = intervalMs < 60_000;
  if (timeMode === 12) return seconds ? 11 : 8;
  return seconds ? 8 : 6;
}

/** Room (px) a label shown every `intervalMs` needs on the track: its estimated width and the gap after it. */
export function tickLabelSpacePx(intervalMs: number, timeMode: TimeMode): number {
  return tickLabelChars(intervalMs, timeMode) * TICK_LABEL_CHAR_PX + TICK_LABEL_GAP_PX;
}

/**
 * How often a tick gets a label on a track `widthPx` wide: the shortest of TICK_LABEL_INTERVALS_MS that is a multiple
 * of the level's tick and leaves each label its room, so labels thin out level by level as the track narrows and never
 * overlap; the widest such interval when none has room.
 */
export function tickLabelIntervalMs(tickMs: number, spanMs: number, widthPx: number, timeMode: TimeMode): number {
  const candidates = TICK_LABEL_INTERVALS_MS.filter((intervalMs) => intervalMs >= tickMs && intervalMs % tickMs === 0);
  const fitting = candidates.find((intervalMs) => (intervalMs / spanMs) * widthPx >= tickLabelSpacePx(intervalMs, timeMode));
  return fitting ?? candidates[candidates.length - 1] ?? tickMs;
}
