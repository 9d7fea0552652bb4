import { describe, expect, it } from 'vitest';
import { generateTicks, pixelToTime, timeToPercent, timeToPixel } from './timeScale';

const window = { startMs: 1_000_000, endMs: 1_300_000 };

describe('time ↔ pixel mapping', () => {
  it('maps the window onto the track', () => {
    expect(timeToPercent(1_150_000, window)).toBe(50);
    expect(timeToPixel(1_075_000, 1000, window)).toBe(250);
    expect(pixelToTime(250, 1000, window)).toBe(1_075_000);
  });

  it('clamps pixels outside the track and survives a zero width', () => {
    expect(pixelToTime(-20, 1000, window)).toBe(window.startMs);
    expect(pixelToTime(1200, 1000, window)).toBe(window.endMs);
    expect(pixelToTime(10, 0, window)).toBe(window.startMs);
  });
});

describe('tick generation', () => {
  it('puts ticks on multiples of the interval inside the window', () => {
    const ticks = generateTicks({ startMs: 10_000, endMs: 70_000 }, 15_000);
    expect(ticks.map((tick) => tick.ms)).toEqual([15_000, 30_000, 45_000, 60_000]);
    expect(ticks.every((tick) => tick.labelled)).toBe(true);
  });

  it('aligns hour ticks to the local clock', () => {
    const hour = 3_600_000;
    const offset = -30 * 60_000; // a zone at UTC-0:30
    const ticks = generateTicks({ startMs: 0, endMs: 3 * hour }, hour, offset);
    expect(ticks.map((tick) => tick.ms)).toEqual([hour / 2, 1.5 * hour, 2.5 * hour]);
  });

  it('labels the ticks on local multiples of the label interval', () => {
    const hour = 3_600_000;
    const ticks = generateTicks({ startMs: 0, endMs: 7 * 24 * hour }, 6 * hour, -5 * hour, 24 * hour);
    expect(ticks).toHaveLength(28);
    const labelled = ticks.filter((tick) => tick.labelled).map((tick) => tick.ms);
    expect(labelled).toEqual([1, 2, 3, 4, 5, 6, 7].map((day) => day * 24 * hour - 19 * hour));
  });
});
