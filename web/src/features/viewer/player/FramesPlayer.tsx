import { useEffect, useRef } from 'react';
import { framesLiveUrl } from './framesProtocol';
import { FramesLiveSession, type FramesSessionView } from './FramesLiveSession';
import { adoptPrewarmedFrames } from './framesPrewarm';
import { type LiveTransportProps, useLiveTransport } from './useLiveTransport';

export type FramesPlayerProps = LiveTransportProps;

/**
 * Live video at the lowest latency: argusd's frames route (one access unit per message) decoded by WebCodecs and put
 * on the `<video>` as a MediaStream (`FramesLiveSession`). Live only, video only. The wall clock of the frame on
 * screen is its timestamp; `data-frame-wall-ms` on the video element carries it for diagnostics and E2E. A session
 * already warming for this URL (framesPrewarm.ts) is adopted: its newest decoded frame shows at once.
 */
export function FramesPlayer(props: FramesPlayerProps) {
  const { source, videoRef, forced } = props;
  const sessionRef = useRef<FramesLiveSession | null>(null);
  const { latest, fallbackRef } = useLiveTransport(props, () => sessionRef.current?.wallMs() ?? null);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    latest.current.onEvent('attaching');
    const url = framesLiveUrl(source.url, window.location);
    const view: FramesSessionView = {
      video,
      onEvent: (event) => latest.current.onEvent(event),
      onOffline: (state) => latest.current.onOffline?.(state),
      onFallback: (failure) => fallbackRef.current(failure),
      onFrameShown: (wallMs) => {
        video.dataset.frameWallMs = String(wallMs);
      },
    };
    const session = adoptPrewarmedFrames(url, forced) ?? new FramesLiveSession({ url, forced, ...view });
    sessionRef.current = session;
    session.attach(view);
    session.start();
    return () => {
      session.close();
      sessionRef.current = null;
      delete video.dataset.frameWallMs;
    };
  }, [videoRef, source.url, forced]);

  return null;
}
