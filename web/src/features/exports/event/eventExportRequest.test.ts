import { describe, expect, it } from 'vitest';
import { makeCamera } from '../../cameras/test/fixtures';
import { eventExportInput } from './eventExportRequest';

const camera = makeCamera(1001, { channel: { id: 51001, snapshot_url: '' } });
const NOW_MS = 1_741_291_200_000;

describe('eventExportInput (spec 03 §7)', () => {
  it("covers the event's whole seconds, runs now and leaves the name to the server", () => {
    expect(eventExportInput(camera, 1000.4, 1007.2, NOW_MS)).toEqual({
      video_channel_id: 51001,
      t0: 1000,
      t1: 1008,
      scheduledForTs: NOW_MS,
    });
  });

  it('is at least 1 s long', () => {
    expect(eventExportInput(camera, 1000, 1000, NOW_MS)).toMatchObject({ t0: 1000, t1: 1001 });
    expect(eventExportInput(camera, 1000.2, 1000.6, NOW_MS)).toMatchObject({ t0: 1000, t1: 1001 });
  });
});
