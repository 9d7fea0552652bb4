import type { Camera } from '../../../api/types';
import { isCameraOnline } from '../../cameras/cameraModel';
import { liveInitUrl } from '../mediaUrls';
import type { StreamHeights } from '../quality';
import { useGetLiveVideoSizeQuery } from '../viewerApi';

/**
 * The real heights of a camera's live streams, for the quality menu: each stream's live init segment says its picture
 * size (fetched while the camera is online and has the stream).
 */
export function useStreamHeights(camera: Camera, shardId: number): StreamHeights {
  const online = isCameraOnline(camera);
  const hasMain = Boolean(camera.channel.cloud_proxy_livestream_path);
  const hasSub = Boolean(camera.channel.local_lan_livestream_path);
  const main = useGetLiveVideoSizeQuery(liveInitUrl(camera, 'main', shardId), { skip: !online || !hasMain });
  const sub = useGetLiveVideoSizeQuery(liveInitUrl(camera, 'sub', shardId), { skip: !online || !hasSub });
  const heights: StreamHeights = {};
  if (hasMain && main.data) heights.main = main.data.height;
  if (hasSub && sub.data) heights.sub = sub.data.height;
  return heights;
}
