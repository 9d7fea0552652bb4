import type { Camera } from '../../api/types';
import type { StreamName } from './quality';

const DEFAULT_PLAYLIST = 'index.m3u8';

/**
 * The live LL-HLS playlist: the channel's live directory (`cloud_proxy_livestream_path` = main,
 * `local_lan_livestream_path` = sub) plus `livestream_playlist_filename`, else `/n{shard}/cameras/{id}/live/{stream}/`.
 */
export function liveUrl(camera: Camera, stream: StreamName, shardId: number): string {
  const dir =
    (stream === 'main' ? camera.channel.cloud_proxy_livestream_path : camera.channel.local_lan_livestream_path) ??
    `/n${shardId}/cameras/${camera.id}/live/${stream}/`;
  const file = camera.channel.livestream_playlist_filename || DEFAULT_PLAYLIST;
  return `${dir.endsWith('/') ? dir : `${dir}/`}${file}`;
}

/** The VOD playlist of recorded video between startMs and endMs. */
export function historyUrl(cameraId: number, stream: StreamName, shardId: number, startMs: number, endMs: number): string {
  const start = Math.floor(startMs);
  const end = Math.max(start + 1, Math.ceil(endMs));
  return `/n${shardId}/cameras/${cameraId}/history/${stream}/index.m3u8?start_ms=${start}&end_ms=${end}`;
}
