import { useEffect, useRef } from 'react';
import { type LiveTransportProps, useLiveTransport } from './useLiveTransport';
import { WsLiveSession } from './WsLiveSession';
import { wsLiveUrl } from './wsLiveProtocol';

export type WsMsePlayerProps = LiveTransportProps;

/**
 * Live video over argusd's WebSocket fMP4 stream into MSE (`WsLiveSession`), for a lower latency than LL-HLS. Live
 * only (history stays HLS). The wall clock of the frame on screen is `base_ms + currentTime` (the fragments' media
 * times are UTC); `data-wall-base-ms` on the video element carries `base_ms` for diagnostics and E2E.
 */
export function WsMsePlayer(props: WsMsePlayerProps) {
  const { source, videoRef, forced } = props;
  const sessionRef = useRef<WsLiveSession | null>(null);
  const { latest, fallbackRef } = useLiveTransport(props, () => sessionRef.current?.wallMs() ?? null);
  const pausedRef = useRef(props.paused);
  pausedRef.current = props.paused;

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
