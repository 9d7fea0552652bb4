import { describe, expect, it } from 'vitest';
import {
  clockOptions,
  daysApart,
  exceedsMaxDays,
  isOvernight,
  presetOf,
  presetRange,
  rangeFromSlider,
  shiftTimeRange,
  sliderValue,
  todayIn,
} from './timeRange';

describe('time of day', () => {
  it('offers 96 times 15 minutes apart', () => {
    const options = clockOptions();
    expect(options).toHaveLength(96);
    expect(options.slice(0, 3)).toEqual(['00:00', '00:15', '00:30']);
    expect(options.at(-1)).toBe('23:45');
  });

  it('maps ranges to slider thumbs: all day spans the slider, 00:00 as an end is step 96', () => {
    expect(sliderValue({ start: '00:00', end: '00:00' })).toEqual({ value: [0, 96], inverted: false });
    expect(sliderValue({ start: '09:15', end: '17:00' })).toEqual({ value: [37, 68], inverted: false });
    expect(sliderValue({ start: '18:00', end: '00:00' })).toEqual({ value: [72, 96], inverted: false });
  });

  it('shows an overnight range inverted and reads it back', () => {
    const range = { start: '22:00', end: '06:00' };
    expect(isOvernight(range)).toBe(true);
    const slider = sliderValue(range);
    expect(slider).toEqual({ value: [24, 88], inverted: true });
    expect(rangeFromSlider(slider.value, slider.inverted)).toEqual(range);
    expect(rangeFromSlider([20, 88], true)).toEqual({ start: '22:00', end: '05:00' });
  });

  it('equal thumbs mean all day; [0, 96] is all day too', () => {
    expect(rangeFromSlider([40, 40], false)).toEqual({ start: '00:00', end: '00:00' });
    expect(rangeFromSlider([0, 96], false)).toEqual({ start: '00:00', end: '00:00' });
    expect(rangeFromSlider([4, 8], false)).toEqual({ start: '01:00', end: '02:00' });
  });

  it('shifts by 6 hours around the clock and leaves all day alone', () => {
    expect(shiftTimeRange({ start: '09:00', end: '12:00' }, 360)).toEqual({ start: '15:00', end: '18:00' });
    expect(shiftTimeRange({ start: '20:00', end: '23:00' }, 360)).toEqual({ start: '02:00', end: '05:00' });
    expect(shiftTimeRange({ start: '03:00', end: '06:00' }, -360)).toEqual({ start: '21:00', end: '00:00' });
    expect(shiftTimeRange({ start: '00:00', end: '00:00' }, 360)).toEqual({ start: '00:00', end: '00:00' });
  });
});

describe('date range', () => {
  it('allows up to 3 calendar days: spanning 3 or more days is too long', () => {
    expect(exceedsMaxDays({ from: '2025-03-04', to: '2025-03-04' })).toBe(false);
    expect(exceedsMaxDays({ from: '2025-03-04', to: '2025-03-06' })).toBe(false);
    expect(exceedsMaxDays({ from: '2025-03-04', to: '2025-03-07' })).toBe(true);
    expect(exceedsMaxDays({ from: '2025-02-27', to: '2025-03-02' })).toBe(true);
  });

  it('counts calendar days across DST and month ends', () => {
    expect(daysApart('2025-03-08', '2025-03-10')).toBe(2);
    expect(daysApart('2024-02-28', '2024-03-01')).toBe(2);
  });

  it('builds and recognizes the presets', () => {
    const today = '2025-03-04';
    expect(presetRange('today', today)).toEqual({ from: today, to: today });
    expect(presetRange('yesterday', today)).toEqual({ from: '2025-03-03', to: '2025-03-03' });
    expect(presetRange('last-2-days', today)).toEqual({ from: '2025-03-03', to: today });
    expect(presetRange('last-3-days', today)).toEqual({ from: '2025-03-02', to: today });
    expect(presetOf({ from: '2025-03-02', to: today }, today)).toBe('last-3-days');
    expect(presetOf({ from: '2025-03-01', to: '2025-03-02' }, today)).toBe('custom');
  });

  it('takes today in the network zone', () => {
    const ms = Date.UTC(2025, 2, 5, 3, 0); // 5 March 03:00 UTC = 4 March 19:00 in Los Angeles
    expect(todayIn('America/Los_Angeles', ms)).toBe('2025-03-04');
    expect(todayIn('UTC', ms)).toBe('2025-03-05');
  });
});
