import { describe, expect, it } from 'vitest';
import { formatCount, formatDay, formatDuration, formatMean, NO_FIGURE } from './telemetryFormat';

describe('telemetry formats', () => {
  it('shows durations under a second in milliseconds, longer ones in seconds, and none as a dash', () => {
    expect(formatDuration(850, 'en')).toBe('850 ms');
    expect(formatDuration(0, 'en')).toBe('0 ms');
    expect(formatDuration(999.4, 'en')).toBe('999 ms');
    expect(formatDuration(999.6, 'en')).toBe('1 s');
    expect(formatDuration(2400, 'en')).toBe('2.4 s');
    expect(formatDuration(2449, 'en')).toBe('2.4 s');
    expect(formatDuration(125_000, 'en')).toBe('125 s');
    expect(formatDuration(2400, 'es')).toBe('2,4 s');
    expect(formatDuration(null, 'en')).toBe(NO_FIGURE);
  });

  it('shows mean result counts with at most one decimal, and none as a dash', () => {
    expect(formatMean(3.25, 'en')).toBe('3.3');
    expect(formatMean(12, 'en')).toBe('12');
    expect(formatMean(0, 'en')).toBe('0');
    expect(formatMean(null, 'en')).toBe('—');
  });

  it('groups digits and shows UTC days as dates whatever the zone', () => {
    expect(formatCount(1234, 'en')).toBe('1,234');
    expect(formatDay('2024-05-01', 'en')).toBe('May 1, 2024');
    expect(formatDay('2024-12-31', 'en')).toBe('Dec 31, 2024');
  });
});
