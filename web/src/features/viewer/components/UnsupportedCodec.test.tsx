import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCamera } from '../../cameras/test/fixtures';
import { useLayoutSize } from '../../cameras/test/layoutSize';
import { FakeHls } from '../test/fakeHls';
import { FakeMediaSource, installFakeMse } from '../test/fakeMse';
import { lobbyCamera, openViewerCamera, useViewerTestKit } from '../test/viewerTestKit';

vi.mock('hls.js', async () => (await import('../test/fakeHls')).hlsModule);

const H265_MESSAGE = 'This camera streams H.265 video, which this browser cannot play.';

/** An online camera recording H.265 on both streams, as argusd reports it (camera list answer). */
const dock = makeCamera(7, {
  name: 'Dock',
  channel: {
    ...lobbyCamera.channel,
    id: 70,
    cloud_proxy_livestream_path: '/n1/cameras/7/live/main/',
    local_lan_livestream_path: '/n1/cameras/7/live/sub/',
  },
  config: { video_height: 720 },
  video_codec: 'h265',
  browser_playable: false,
  sub_video_codec: 'h265',
  sub_browser_playable: false,
});

describe('camera viewer with an H.265 camera', () => {
  useLayoutSize();
  useViewerTestKit();
  beforeEach(() => {
    FakeMediaSource.supportedCodecs = new Set(['avc1.64001f', 'avc1.4d401f']); // a browser without HEVC decoding
    installFakeMse();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says the browser cannot play it instead of trying, and that snapshots and exports still work', async () => {
    await openViewerCamera(dock, '?transport=hls');
    expect(await screen.findByText(H265_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('Snapshots and exports still work.')).toBeInTheDocument();
    expect(FakeHls.instances).toHaveLength(0);
    expect(FakeMediaSource.instances).toHaveLength(0);
  });

  it('plays it where the browser decodes H.265', async () => {
    FakeMediaSource.supportedCodecs.add('hvc1.1.6.L93.B0');
    await openViewerCamera(dock, '?transport=hls');
    await waitFor(() => expect(FakeHls.latest()?.url).toBe('/n1/cameras/7/live/main/index.m3u8'));
    expect(screen.queryByText(H265_MESSAGE)).not.toBeInTheDocument();
  });

  it('plays H.264 cameras as before', async () => {
    await openViewerCamera({ ...lobbyCamera, video_codec: 'h264', browser_playable: true }, '?transport=hls');
    await waitFor(() => expect(FakeHls.latest()?.url).toBe('/n1/cameras/2/live/main/index.m3u8'));
    expect(screen.queryByText(H265_MESSAGE)).not.toBeInTheDocument();
  });
});
