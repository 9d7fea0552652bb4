import { type RefObject, useEffect, useRef, useState } from 'react';
import { LIVE_STALL_POLL_MS } from '../constants';
import { initialStallWatch, type StallInput, stepStallWatch } from '../player/liveStallWatch';

/** What says that media flows: the buffered end and play position, or for a MediaStream the frames presented. */
interface MediaProgress {
  endS: number;
  timeS: number;
  frames: number;
}

/**
 * Progress of `video`. A MediaStream (the frames transport) has no buffer and its currentTime runs with the clock
 * whether frames come or not, so its presented frame count is what moves; src media (MSE, HLS) moves its buffered
 * end and play position.
 */
function progressOf(video: HTMLVideoElement): MediaProgress {
  if (video.srcObject) {
    return { endS: 0, timeS: 0, frames: video.getVideoPlaybackQuality?.().totalVideoFrames ?? 0 };
  }
  const { buffered } = video;
  return { endS: buffered.length > 0 ? buffered.end(buffered.length - 1) : 0, timeS: video.currentTime, frames: 0 };
}

function moved(now: MediaProgress, last: MediaProgress): boolean {
  return (
    (now.endS > 0 && now.endS !== last.endS) ||
    (now.timeS > 0 && now.timeS !== last.timeS) ||
    (now.frames > 0 && now.frames !== last.frames)
  );
}

/**
 * Watches a live view for stalls whatever the transport: new media is the video's buffered end or play position
 * moving, or for a MediaStream (frames transport) new frames presented. Returns whether it is stalled ('Reconnecting…'); `reconnect` is called at once and every second while
 * stalled, never while the server says the camera is offline (`serverOffline`). The watch outlives reconnects.
 */
export function useLiveStallWatch(
  videoRef: RefObject<HTMLVideoElement | null>,
  active: boolean,
  paused: boolean,
  serverOffline: boolean,
  reconnect: () => void,
): boolean {
  const [stalled, setStalled] = useState(false);
  const watch = useRef(initialStallWatch());
  const reconnectRef = useRef(reconnect);
  reconnectRef.current = reconnect;
  const pausedRef = useRef(paused);
  pausedRef.current = paused;
  const offlineRef = useRef(serverOffline);
  offlineRef.current = serverOffline;

  useEffect(() => {
    if (!active) return;
    watch.current = initialStallWatch();
    let last: MediaProgress = { endS: 0, timeS: 0, frames: 0 };
    const feed = (input: StallInput) => {
      const step = stepStallWatch(watch.current, input);
      watch.current = step.watch;
      if (step.event) setStalled(step.event === 'stalled');
      if (step.reconnect) reconnectRef.current();
    };
    const timer = setInterval(() => {
      const video = videoRef.current;
      const nowMs = Date.now();
      if (!video) return;
      const now = progressOf(video);
      if (moved(now, last)) feed({ type: 'media', nowMs });
      last = now;
      if (offlineRef.current) feed({ type: 'offline', nowMs });
      feed({ type: 'tick', nowMs, paused: pausedRef.current });
    }, LIVE_STALL_POLL_MS);
    return () => {
      clearInterval(timer);
      setStalled(false);
    };
  }, [active, videoRef]);
  return stalled;
}
