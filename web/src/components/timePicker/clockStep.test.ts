import { describe, expect, it } from 'vitest';
import { snapClock, snapToStep } from './clockStep';

describe('clock steps of 15 (spec 03 §5)', () => {
  it('puts minutes and seconds on the nearest step, at most 45', () => {
    expect([0, 7, 8, 15, 22, 23, 44, 52, 53, 59].map((value) => snapToStep(value))).toEqual([0, 0, 15, 15, 15, 30, 45, 45, 45, 45]);
    expect(snapToStep(7, 5)).toBe(5);
  });

  it('snaps only the minutes and seconds that were changed, keeping an exact time otherwise', () => {
    // '10 minutes ago' gave 14:53:27; the hour changed: minutes and seconds stay.
    expect(snapClock('15:53:27', '14:53:27')).toBe('15:53:27');
    // The minutes changed to 37: 30; the seconds stay.
    expect(snapClock('14:37:27', '14:53:27')).toBe('14:30:27');
    expect(snapClock('14:53:08', '14:53:27')).toBe('14:53:15');
    expect(snapClock('09:05:50', '14:53:27')).toBe('09:00:45');
  });
});
