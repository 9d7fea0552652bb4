import type { Camera } from '../../../api/types';
import { isCameraOnline } from '../../cameras/cameraModel';
import { liveInitUrl } from '../mediaUrls';
import type { StreamHeights, StreamName } from '../quality';
import { useGetLiveStreamInfoQuery } from '../viewerApi';

/** What the viewer knows about a camera's live streams from their init segments. */
export interface LiveStreams {
  /** Real picture heights, for the quality menu. */
  heights: StreamHeights;
  /** Streams with sound: the frames transport plays video only, so the sound controls come from here too. */
  audio: Partial<Record<StreamName, boolean>>;
}

/**
 * A camera's live streams as their live init segments describe them: picture size and audio track (fetched while the
 * camera is online and has the stream; never from the model config — no invented levels).
 */
export function useLiveStreams(camera: Camera, shardId: number): LiveStreams {
  const online = isCameraOnline(camera);
  const hasMain = Boolean(camera.channel.cloud_proxy_livestream_path);
  const hasSub = Boolean(camera.channel.local_lan_livestream_path);
  const main = useGetLiveStreamInfoQuery(liveInitUrl(camera, 'main', shardId), { skip: !online || !hasMain });
  const sub = useGetLiveStreamInfoQuery(liveInitUrl(camera, 'sub', shardId), { skip: !online || !hasSub });
  const streams: LiveStreams = { heights: {}, audio: {} };
  if (hasMain && main.data?.size) streams.heights.main = main.data.size.height;
  if (hasSub && sub.data?.size) streams.heights.sub = sub.data.size.height;
  if (hasMain && main.data) streams.audio.main = main.data.hasAudio;
  if (hasSub && sub.data) streams.audio.sub = sub.data.hasAudio;
  return streams;
}
