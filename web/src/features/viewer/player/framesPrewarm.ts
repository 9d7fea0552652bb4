import type { Camera } from '../../../api/types';
import { FRAMES_PREWARM_KEEP_MS } from '../constants';
import { cameraPageLiveUrl, liveUrl } from '../mediaUrls';
import { FramesLiveSession } from './FramesLiveSession';
import { framesLiveUrl } from './framesProtocol';
import { framesPreference } from './transportChoice';

/**
 * Live frames sessions started before their player exists, so that connecting and decoding the join's GOP overlap
 * with the page's own work: on a press on a camera link (the click and the new page's render come after) and while
 * the app starts on a camera page (its start-up calls come first). The FramesPlayer that asks for the same URL within
 * FRAMES_PREWARM_KEEP_MS adopts the session (its newest decoded frame is shown at once); anything else — another
 * camera, a failure, the time running out — closes it. One at a time: a newer prewarm replaces the older.
 */
interface Prewarmed {
  session: FramesLiveSession;
  timer: ReturnType<typeof setTimeout>;
}

let current: Prewarmed | null = null;

function discard(session: FramesLiveSession): void {
  if (current?.session !== session) return;
  clearTimeout(current.timer);
  current = null;
  session.close();
}

/** Starts a frames session for the live playlist `playlistUrl` unless one for it is warming already. */
export function prewarmFrames(playlistUrl: string, forced: boolean): void {
  const url = framesLiveUrl(playlistUrl, window.location);
  if (current && current.session.url === url && current.session.forced === forced) return;
  if (current) discard(current.session);
  const session: FramesLiveSession = new FramesLiveSession({
    url,
    forced,
    video: null,
    // Before a player has it, anything but frames means it is not worth keeping: the player starts afresh.
    onEvent: (event) => {
      if (event === 'error' || event === 'offline' || event === 'waiting') discard(session);
    },
    onOffline: () => discard(session),
    onFallback: () => discard(session),
  });
  current = { session, timer: setTimeout(() => discard(session), FRAMES_PREWARM_KEEP_MS) };
  session.start();
}

/** The warming session for `url` (a frames URL) and `forced`, handed over to the caller; null when there is none. */
export function adoptPrewarmedFrames(url: string, forced: boolean): FramesLiveSession | null {
  if (!current || current.session.url !== url || current.session.forced !== forced) return null;
  const { session, timer } = current;
  clearTimeout(timer);
  current = null;
  return session;
}

/**
 * A camera link was pressed: warm the stream its viewer starts on (the main stream: a new viewer has not measured its
 * width yet, so Auto quality starts there). A multi-imager camera's page has no such viewer (a wall of its imagers'
 * sub-streams): nothing to warm.
 */
export function prewarmCameraLive(camera: Camera, shardId: number, search: string): void {
  const frames = framesPreference(search);
  if (frames && camera.channel.cloud_proxy_livestream_path && camera.imager_count < 2) {
    prewarmFrames(liveUrl(camera, 'main', shardId), frames.forced);
  }
}

/**
 * The app starts on a camera page (`/n/{network}/cameras/{camera}`): warm that camera's main stream on the default
 * shard (or `?shardId=`) while the start-up calls run. A guess that does not match what the viewer plays later (another
 * shard, no live right, no such camera) is simply not adopted.
 */
export function prewarmFromLocation(location: { pathname: string; search: string }): void {
  const playlistUrl = cameraPageLiveUrl(location, 'main');
  const frames = framesPreference(location.search);
  if (playlistUrl && frames) prewarmFrames(playlistUrl, frames.forced);
}
