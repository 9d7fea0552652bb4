import { describe, expect, it } from 'vitest';
import { TIMELINE_LEVELS } from './constants';
import { tickLabelIntervalMs, tickLabelSpacePx } from './tickLabels';
import { formatTick, type TimeMode } from './timeFormat';
import { generateTicks, timeToPixel } from './timeScale';

/** A Monday 08:13:27 UTC: windows ending here cross hours, a midnight and (for the week) several days. */
const END_MS = Date.UTC(2025, 2, 3, 8, 13, 27);
/** Width (px) a label needs on screen: 10 px text, ~6 px per character at most (Debian's DejaVu Sans). */
const SHOWN_CHAR_PX = 6.2;

function labelledTicks(levelIndex: number, widthPx: number, timeMode: TimeMode) {
  const level = TIMELINE_LEVELS[levelIndex];
  const window = { startMs: END_MS - level.spanMs, endMs: END_MS };
  const intervalMs = tickLabelIntervalMs(level.tickMs, level.spanMs, widthPx, timeMode);
  return generateTicks(window, level.tickMs, 0, intervalMs)
    .filter((tick) => tick.labelled)
    .map((tick) => {
      const text = formatTick(tick.ms, intervalMs, 'UTC', timeMode);
      const x = timeToPixel(tick.ms, widthPx, window);
      return { text, x, right: x + 2 + text.length * SHOWN_CHAR_PX };
    });
}

describe('timeline tick labels at every width', () => {
  for (const widthPx of [420, 800, 1280]) {
    for (const timeMode of [12, 24] as const) {
      it(`never overlap and stay readable on a ${widthPx} px track (${timeMode} h clock), at every level`, () => {
        TIMELINE_LEVELS.forEach((level, index) => {
          const labels = labelledTicks(index, widthPx, timeMode);
          const where = `${level.labelKey} at ${widthPx} px: ${labels.map((label) => label.text).join(' | ')}`;
          expect(labels.length, where).toBeGreaterThanOrEqual(2);
          for (let i = 1; i < labels.length; i += 1) {
            expect(labels[i - 1].right, where).toBeLessThan(labels[i].x);
          }
        });
      });
    }
  }

  it('thins the labels as the track narrows (1 h level: every 5 min wide, 10 min at 420 px, 15 min at 250 px)', () => {
    const hour = TIMELINE_LEVELS[3];
    expect(tickLabelIntervalMs(hour.tickMs, hour.spanMs, 1280, 12)).toBe(5 * 60_000);
    expect(tickLabelIntervalMs(hour.tickMs, hour.spanMs, 420, 12)).toBe(10 * 60_000);
    expect(tickLabelIntervalMs(hour.tickMs, hour.spanMs, 250, 12)).toBe(15 * 60_000);
  });

  it('puts labels on whole multiples of their interval in local time and names seconds only below a minute', () => {
    const fiveMinutes = TIMELINE_LEVELS[0];
    const intervalMs = tickLabelIntervalMs(fiveMinutes.tickMs, fiveMinutes.spanMs, 800, 24);
    expect(intervalMs).toBe(30_000);
    const labels = labelledTicks(0, 800, 24).map((label) => label.text);
    expect(labels.every((text) => /^\d{2}:\d{2}:(00|30)$/.test(text))).toBe(true);
    expect(tickLabelSpacePx(60_000, 24)).toBeLessThan(tickLabelSpacePx(30_000, 24));
  });

  it('takes the widest interval when even that has no room (a very narrow track)', () => {
    const week = TIMELINE_LEVELS[8];
    expect(tickLabelIntervalMs(week.tickMs, week.spanMs, 40, 12)).toBe(7 * 24 * 3_600_000);
  });
});
