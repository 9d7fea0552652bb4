import { screen } from '@testing-library/react';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { beforeEach, vi } from 'vitest';
import type { Camera } from '../../../api/types';
import { json } from '../../../test/server';
import { apiPath, server } from '../../../test/server';
import { camerasHandler, makeCamera, NETWORK_ID } from '../../cameras/test/fixtures';
import { renderCameraArea } from '../../cameras/test/renderCameraArea';
import { FakeHls } from './fakeHls';
import { videoInitSegment } from './initSegmentBytes';

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

/** The live init segment of a stream of every camera: a video track of this size, or the given segment. */
export function liveInitHandler(stream: 'main' | 'sub', ...segment: [width: number, height: number] | [bytes: ArrayBuffer]) {
  const bytes = segment.length === 2 ? videoInitSegment(segment[0], segment[1]) : segment[0];
  return http.get(apiPath(`/cameras/:cameraId/live/${stream}/init.mp4`), () =>
    new HttpResponse(bytes, { headers: { 'Content-Type': 'video/mp4' } }),
  );
}

export function viewerHandlers(fileRecord: Record<string, unknown> = { video_status: 'ok', ts_ms: 0 }) {
  return [
    http.get(availabilityPath, () => json({ camera: [], cloud: [] })),
    http.get(fileRecordPath, () => json(fileRecord)),
    liveInitHandler('main', 1920, 1080),
    liveInitHandler('sub', 640, 360),
  ];
}

/** An online camera with a main and a sub live stream (1080p). */
export const lobbyCamera = makeCamera(2, {
  name: 'Lobby',
  channel: {
    id: 20,
    snapshot_url: null,
    livestream_playlist_filename: 'index.m3u8',
    cloud_proxy_livestream_path: '/n1/cameras/2/live/main/',
    local_lan_livestream_path: '/n1/cameras/2/live/sub/',
  },
  config: { video_height: 1080 },
});

/** Opens `camera`'s page (with `query`, e.g. `?transport=ws`) once the viewer is shown; `handlers` answer first. */
export async function openViewerCamera(camera: Camera = lobbyCamera, query = '', ...handlers: RequestHandler[]) {
  server.use(...handlers, camerasHandler([camera]), ...viewerHandlers());
  const rendered = renderCameraArea(`/n/${NETWORK_ID}/cameras/${camera.id}${query}`);
  await screen.findByTestId('camera-viewer');
  return rendered;
}
