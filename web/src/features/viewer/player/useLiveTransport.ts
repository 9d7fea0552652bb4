import { type RefObject, useRef } from 'react';
import type { OfflineState } from '../../cameras/offlineReason';
import type { LiveFailure } from './transportChoice';
import type { PlayerEvent, TransportProps } from './types';
import { useMediaElementEvents } from './useMediaElementEvents';

/** A live WebSocket transport's props: forced with `?transport=`, else it falls back to the next transport. */
export type LiveTransportProps = TransportProps & {
  /** `?transport=frames|ws`: failures show the error state instead of falling back. */
  forced: boolean;
  /** This transport cannot play here: VideoPlayer switches to the next one. */
  onFallback: (failure: LiveFailure) => void;
};

export interface LiveTransportCallbacks {
  onEvent: (event: PlayerEvent) => void;
  onOffline?: (state: OfflineState) => void;
  onTime: () => void;
}

/**
 * What the live WebSocket players (FramesPlayer, WsMsePlayer) share: the latest callbacks in refs (the session, made
 * once per source, calls them), the media element's events, and no seekable range of their own (seeks go through a
 * history source). `wallMs`: the wall clock of the frame on screen, null before one.
 */
export function useLiveTransport(
  props: LiveTransportProps,
  wallMs: () => number | null,
): { latest: RefObject<LiveTransportCallbacks>; fallbackRef: RefObject<(failure: LiveFailure) => void> } {
  const latest = useRef<LiveTransportCallbacks>({ onEvent: props.onEvent, onOffline: props.onOffline, onTime: () => undefined });
  latest.current = {
    onEvent: props.onEvent,
    onOffline: props.onOffline,
    onTime: () => props.onWallTime(wallMs() ?? Date.now()),
  };
  const fallbackRef = useRef(props.onFallback);
  fallbackRef.current = props.onFallback;
  useMediaElementEvents(props.videoRef, props, latest);
  props.handleRef.current = { seekWall: () => false };
  return { latest, fallbackRef };
}
