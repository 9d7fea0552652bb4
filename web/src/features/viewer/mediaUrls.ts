import type { Camera } from '../../api/types';
import { DEFAULT_SHARD_ID } from '../../app/constants';
import type { StreamName } from './quality';

const DEFAULT_PLAYLIST = 'index.m3u8';
/** The live init segment in a live directory (the playlists' EXT-X-MAP, docs/design/live.md). */
const LIVE_INIT_SEGMENT = 'init.mp4';

/** argusd's live directory of a camera stream (what the channel's livestream paths hold). */
function defaultLiveDir(cameraId: number, stream: StreamName, shardId: number): string {
  return `/n${shardId}/cameras/${cameraId}/live/${stream}/`;
}

/**
 * A live directory with a trailing slash: the channel's (`cloud_proxy_livestream_path` = main,
 * `local_lan_livestream_path` = sub), else `/n{shard}/cameras/{id}/live/{stream}/`.
 */
function liveDir(camera: Camera, stream: StreamName, shardId: number): string {
  const dir =
    (stream === 'main' ? camera.channel.cloud_proxy_livestream_path : camera.channel.local_lan_livestream_path) ??
    defaultLiveDir(camera.id, stream, shardId);
  return dir.endsWith('/') ? dir : `${dir}/`;
}

/** The live playlist of a camera known only by id (before the camera list arrived): argusd's own path. */
export function defaultLiveUrl(cameraId: number, stream: StreamName, shardId: number): string {
  return `${defaultLiveDir(cameraId, stream, shardId)}${DEFAULT_PLAYLIST}`;
}

/**
 * The live playlist of `stream` of the camera whose page `location` is (`/n/{network}/cameras/{camera}`), before the
 * camera list says anything: argusd's own path on the default shard or `?shardId=`; null on any other page.
 */
export function cameraPageLiveUrl(location: { pathname: string; search: string }, stream: StreamName): string | null {
  const cameraId = /^\/n\/\d+\/cameras\/(\d+)\/?$/.exec(location.pathname)?.[1];
  if (!cameraId) return null;
  const shardParam = new URLSearchParams(location.search).get('shardId');
  const shardId = shardParam !== null && /^\d+$/.test(shardParam) ? Number(shardParam) : DEFAULT_SHARD_ID;
  return defaultLiveUrl(Number(cameraId), stream, shardId);
}

/** The live LL-HLS playlist: the live directory plus `livestream_playlist_filename`. */
export function liveUrl(camera: Camera, stream: StreamName, shardId: number): string {
  return `${liveDir(camera, stream, shardId)}${camera.channel.livestream_playlist_filename || DEFAULT_PLAYLIST}`;
}

/** The live init segment of a stream (its codec and picture size). */
export function liveInitUrl(camera: Camera, stream: StreamName, shardId: number): string {
  return `${liveDir(camera, stream, shardId)}${LIVE_INIT_SEGMENT}`;
}

/** The VOD playlist of recorded video between startMs and endMs. */
export function historyUrl(cameraId: number, stream: StreamName, shardId: number, startMs: number, endMs: number): string {
  const start = Math.floor(startMs);
  const end = Math.max(start + 1, Math.ceil(endMs));
  return `/n${shardId}/cameras/${cameraId}/history/${stream}/index.m3u8?start_ms=${start}&end_ms=${end}`;
}
