import { useEffect, useState } from 'react';
import { HlsPlayer } from './HlsPlayer';
import {
  browserSupport,
  chooseLiveTransport,
  rememberWsFailure,
  type Transport,
  type TransportPreference,
  type WsFailure,
  wsFailedOnPage,
} from './transportChoice';
import type { TransportProps } from './types';
import { WsMsePlayer } from './WsMsePlayer';

export type VideoPlayerProps = TransportProps & {
  /** Live transport: `auto` (default) = WebSocket/MSE with LL-HLS fallback; `hls` / `ws` force one. */
  transport?: TransportPreference;
};

/**
 * The one player entry point: renders nothing itself but drives the `<video>` in `videoRef` through a transport.
 * Live: `WsMsePlayer` (WebSocket fMP4 into MSE) unless the browser lacks it, it failed earlier on this page, or
 * `transport` forces LL-HLS; a WebSocket failure before media switches to `HlsPlayer` for the page's life
 * (transportChoice.ts). History: `HlsPlayer` (VOD). `data-transport` on the video element names the one in use.
 */
export function VideoPlayer({ transport = 'auto', ...props }: VideoPlayerProps) {
  const [fellBack, setFellBack] = useState(false);
  const chosen: Transport =
    props.source.mode === 'history' || fellBack
      ? 'hls'
      : chooseLiveTransport(transport, browserSupport(), wsFailedOnPage());
  const { videoRef } = props;

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.dataset.transport = chosen;
    return () => {
      delete video.dataset.transport;
    };
  }, [videoRef, chosen]);

  if (chosen === 'ws') {
    const onFallback = (failure: WsFailure) => {
      console.warn(`live over WebSocket failed (${failure}); using LL-HLS on this page`);
      rememberWsFailure(failure);
      setFellBack(true);
    };
    return <WsMsePlayer {...props} forced={transport === 'ws'} onFallback={onFallback} />;
  }
  return <HlsPlayer {...props} />;
}
