import { describe, expect, it } from 'vitest';
import { clockFormat, formatPickerValue } from './format';
import { laMs, ZONE } from './test/clock';

describe('picked moment in the time mode', () => {
  const ms = laMs(2025, 3, 6, 15, 4, 5);

  it('shows 12-hour times with AM/PM and 24-hour times without, in the zone', () => {
    expect(formatPickerValue(ms, ZONE, 12)).toBe('Mar 6, 2025, 3:04:05 PM');
    expect(formatPickerValue(ms, ZONE, 24)).toBe('Mar 6, 2025, 15:04:05');
    expect(formatPickerValue(laMs(2025, 3, 6, 0, 30), ZONE, 12)).toBe('Mar 6, 2025, 12:30:00 AM');
    expect(formatPickerValue(ms, 'UTC', 24)).toBe('Mar 6, 2025, 23:04:05');
  });

  it("gives Mantine's clock format of the mode", () => {
    expect(clockFormat(12)).toBe('12h');
    expect(clockFormat(24)).toBe('24h');
  });
});
