import type { RefObject } from 'react';
import type { OfflineState } from '../../cameras/offlineReason';

/** What the player plays: the live playlist, or a history VOD playlist to be started at `seekMs`. */
export type PlayerSource = { mode: 'live'; url: string } | { mode: 'history'; url: string; seekMs: number };

/** What a transport reports about the stream. */
export type PlayerEvent = 'attaching' | 'playing' | 'waiting' | 'ended' | 'error' | 'no-video' | 'offline';

/** Wall-clock control of the loaded media. */
export interface PlayerHandle {
  /** Shows wall-clock `ms` if the loaded media covers it; false when a new source is needed. */
  seekWall: (ms: number) => boolean;
}

export interface TransportProps {
  source: PlayerSource;
  muted: boolean;
  paused: boolean;
  playbackRate: number;
  videoRef: RefObject<HTMLVideoElement | null>;
  handleRef: RefObject<PlayerHandle | null>;
  onEvent: (event: PlayerEvent) => void;
  /** The server says the live camera stopped, and why as far as it knows (before the 'offline' event). */
  onOffline?: (state: OfflineState) => void;
  /** Wall-clock time (ms) of the frame on screen, on every timeupdate. */
  onWallTime: (ms: number) => void;
}
