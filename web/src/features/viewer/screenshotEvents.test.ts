import { describe, expect, it } from 'vitest';
import { screenshotEvents } from './screenshot';

describe('screenshot events', () => {
  it('sends one screenshot_created per distinct channel at the frame time in seconds', () => {
    expect(screenshotEvents([20, 30, 20], 1_735_689_600_250)).toEqual([
      { event: 'screenshot_created', channel_id: 20, start_time: 1_735_689_600.25, end_time: 1_735_689_600.25 },
      { event: 'screenshot_created', channel_id: 30, start_time: 1_735_689_600.25, end_time: 1_735_689_600.25 },
    ]);
    expect(screenshotEvents([], 0)).toEqual([]);
  });
});
