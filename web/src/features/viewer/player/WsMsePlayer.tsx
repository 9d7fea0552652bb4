import { useEffect, useRef } from 'react';
import type { LiveFailure } from './transportChoice';
import type { TransportProps } from './types';
import { useMediaElementEvents } from './useMediaElementEvents';
import { WsLiveSession } from './WsLiveSession';
import { wsLiveUrl } from './wsLiveProtocol';

export type WsMsePlayerProps = TransportProps & {
  /** `?transport=ws`: failures show the error state instead of falling back. */
  forced: boolean;
  /** The WebSocket transport cannot play here: VideoPlayer switches to LL-HLS. */
  onFallback: (failure: LiveFailure) => void;
};

/**
 * Live video over argusd's WebSocket fMP4 stream into MSE (`WsLiveSession`), for a lower latency than LL-HLS. Live
 * only (history stays HLS). The wall clock of the frame on screen is `base_ms + currentTime` (the fragments' media
 * times are UTC); `data-wall-base-ms` on the video element carries `base_ms` for diagnostics and E2E.
 */
export function WsMsePlayer(props: WsMsePlayerProps) {
  const { source, videoRef, handleRef, forced } = props;
  const sessionRef = useRef<WsLiveSession | null>(null);
  const latest = useRef({ onEvent: props.onEvent, onOffline: props.onOffline, onTime: () => undefined as void });
  latest.current = {
    onEvent: props.onEvent,
    onOffline: props.onOffline,
    onTime: () => props.onWallTime(sessionRef.current?.wallMs() ?? Date.now()),
  };
  const pausedRef = useRef(props.paused);
  pausedRef.current = props.paused;
  const fallbackRef = useRef(props.onFallback);
  fallbackRef.current = props.onFallback;
  useMediaElementEvents(videoRef, props, latest);

  // Live has no seekable wall-clock range of its own: seeks go through a history source.
  handleRef.current = { seekWall: () => false };

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    latest.current.onEvent('attaching');
    const session = new WsLiveSession({
      url: wsLiveUrl(source.url, window.location),
      video,
      forced,
      isPaused: () => pausedRef.current,
      onEvent: (event) => latest.current.onEvent(event),
      onOffline: (state) => latest.current.onOffline?.(state),
      onFallback: (failure) => fallbackRef.current(failure),
      onBaseMs: (baseMs) => {
        if (baseMs === null) delete video.dataset.wallBaseMs;
        else video.dataset.wallBaseMs = String(baseMs);
      },
    });
    sessionRef.current = session;
    session.start();
    return () => {
      session.close();
      sessionRef.current = null;
      delete video.dataset.wallBaseMs;
      delete video.dataset.codecs;
      video.playbackRate = 1;
      if (video.getAttribute('src')) {
        video.removeAttribute('src');
        video.load();
      }
    };
  }, [videoRef, source.url, forced]);

  return null;
}
