import type { Camera } from '../../api/types';
import { DEFAULT_SHARD_ID } from '../../app/constants';
import type { StreamName } from './quality';

const DEFAULT_PLAYLIST = 'index.m3u8';
/** The live init segment in a live directory (the playlists' EXT-X-MAP, docs/design/live.md). */
const LIVE_INIT_SEGMENT = 'init.mp4';

/**
 * argusd's name of a stream of one imager (sensor) of a camera: imager 0 — and a camera without imagers, null or
 * undefined — plays as `main` / `sub`, imager k ≥ 1 of a multi-imager camera as `main-imager{k}` / `sub-imager{k}`, on
 * every live and history route.
 */
export function imagerStreamName(stream: StreamName, imagerId?: number | null): string {
  return imagerId ? `${stream}-imager${imagerId}` : stream;
}

/** argusd's live directory of a camera stream (what the channel's livestream paths hold for imager 0). */
function defaultLiveDir(cameraId: number, streamName: string, shardId: number): string {
  return `/n${shardId}/cameras/${cameraId}/live/${streamName}/`;
}

/**
 * A live directory with a trailing slash: imager 0's is the channel's (`cloud_proxy_livestream_path` = main,
 * `local_lan_livestream_path` = sub), else — and for the other imagers, which the channel does not name —
 * `/n{shard}/cameras/{id}/live/{imagerStreamName}/`.
 */
function liveDir(camera: Camera, stream: StreamName, shardId: number, imagerId?: number | null): string {
  const { channel } = camera;
  const channelDir = stream === 'main' ? channel.cloud_proxy_livestream_path : channel.local_lan_livestream_path;
  const dir =
    (imagerId ? null : channelDir) ??
    defaultLiveDir(camera.id, imagerStreamName(stream, imagerId), cameraShardId(camera) ?? shardId);
  return dir.endsWith('/') ? dir : `${dir}/`;
}

/**
 * The shard that serves the camera, as its channel's paths name it (`/n{shard}/…`, on the camera's network's shard:
 * a cross-network wall may show cameras of several shards), or null when they name none.
 */
function cameraShardId(camera: Camera): number | null {
  const path = camera.channel.cloud_proxy_livestream_path ?? camera.channel.local_lan_livestream_path;
  const shard = path ? /^\/n(\d+)\//.exec(path)?.[1] : undefined;
  return shard === undefined ? null : Number(shard);
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

/**
 * The live LL-HLS playlist of `stream` of the camera's imager `imagerId` (none: imager 0): the live directory plus
 * `livestream_playlist_filename`. The transports find the `ws` and `frames` routes beside it.
 */
export function liveUrl(camera: Camera, stream: StreamName, shardId: number, imagerId?: number | null): string {
  const playlist = camera.channel.livestream_playlist_filename || DEFAULT_PLAYLIST;
  return `${liveDir(camera, stream, shardId, imagerId)}${playlist}`;
}

/** The live init segment of a stream of an imager (none: imager 0): its codec and picture size. */
export function liveInitUrl(camera: Camera, stream: StreamName, shardId: number, imagerId?: number | null): string {
  return `${liveDir(camera, stream, shardId, imagerId)}${LIVE_INIT_SEGMENT}`;
}

/** The VOD playlist of recorded video between startMs and endMs. */
export function historyUrl(cameraId: number, stream: StreamName, shardId: number, startMs: number, endMs: number): string {
  const start = Math.floor(startMs);
  const end = Math.max(start + 1, Math.ceil(endMs));
  return `/n${shardId}/cameras/${cameraId}/history/${stream}/index.m3u8?start_ms=${start}&end_ms=${end}`;
}
