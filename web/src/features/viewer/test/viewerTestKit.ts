import { http } from 'msw';
import { beforeEach, vi } from 'vitest';
import { json } from '../../../test/server';
import { apiPath } from '../../../test/server';
import { FakeHls } from './fakeHls';

export const availabilityPath = apiPath('/n/:networkId/manage/vision/cameras/:cameraId/availability');
export const fileRecordPath = apiPath('/cameras/:cameraId/file_record');

/** Media element stubs (jsdom has no playback) and quiet default answers for the viewer's calls. */
export function useViewerTestKit() {
  beforeEach(() => {
    FakeHls.instances = [];
    FakeHls.supported = true;
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
  });
}

export function viewerHandlers(fileRecord: Record<string, unknown> = { video_status: 'ok', ts_ms: 0 }) {
  return [
    http.get(availabilityPath, () => json({ camera: [], cloud: [] })),
    http.get(fileRecordPath, () => json(fileRecord)),
  ];
}
