import { useEffect, useState } from 'react';
import { FramesPlayer } from './FramesPlayer';
import { HlsPlayer } from './HlsPlayer';
import {
  browserSupport,
  chooseLiveTransport,
  failedOnPage,
  type LiveFailure,
  rememberFailure,
  type SocketTransport,
  type Transport,
  type TransportPreference,
} from './transportChoice';
import type { TransportProps } from './types';
import { WsMsePlayer } from './WsMsePlayer';

export type VideoPlayerProps = TransportProps & {
  /** Live transport: `auto` (default) = frames, else WebSocket/MSE, else LL-HLS; `frames` / `ws` / `hls` force one. */
  transport?: TransportPreference;
  /** The played stream carries sound (its live init segment has an audio track): unmuted, it plays over `ws`. */
  streamHasAudio?: boolean;
};

/**
 * The one player entry point: renders nothing itself but drives the `<video>` in `videoRef` through a transport.
 * Live: `FramesPlayer` (WebCodecs, lowest latency), `WsMsePlayer` (WebSocket fMP4 into MSE) or `HlsPlayer` (LL-HLS),
 * the fastest the browser has unless `transport` forces one; a transport that fails before media is skipped for the
 * page's life (transportChoice.ts). History: `HlsPlayer` (VOD). `data-transport` on the video element names the one
 * in use.
 */
export function VideoPlayer({ transport = 'auto', streamHasAudio = false, ...props }: VideoPlayerProps) {
  // Bumped when a transport failed: the choice is made again without it.
  const [failures, setFailures] = useState(0);
  const audible = streamHasAudio && !props.muted;
  const chosen: Transport =
    props.source.mode === 'history'
      ? 'hls'
      : chooseLiveTransport(transport, browserSupport(), { failed: failedOnPage(), audible });
  const { videoRef } = props;

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.dataset.transport = chosen;
    return () => {
      delete video.dataset.transport;
    };
  }, [videoRef, chosen]);

  const fallbackFrom = (failed: SocketTransport) => (failure: LiveFailure) => {
    console.warn(`live over ${failed} failed (${failure}); using the next transport on this page`);
    rememberFailure(failed);
    setFailures(failures + 1);
  };
  if (chosen === 'frames') {
    return <FramesPlayer {...props} forced={transport === 'frames'} onFallback={fallbackFrom('frames')} />;
  }
  if (chosen === 'ws') {
    return <WsMsePlayer {...props} forced={transport === 'ws'} onFallback={fallbackFrom('ws')} />;
  }
  return <HlsPlayer {...props} />;
}
