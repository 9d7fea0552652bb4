import { useCallback, useMemo, useReducer } from 'react';
import { LIVE_EDGE_MS, type LiveQuality, type PlaybackSpeed, QUALITY_AUTO } from '../constants';

export interface PlaybackState {
  mode: 'live' | 'history';
  /** History: the wall-clock time the current source was opened at. */
  seekMs: number | null;
  paused: boolean;
  speed: PlaybackSpeed;
  muted: boolean;
  /** Sound volume 0..1 (applied while not muted). */
  volume: number;
  quality: LiveQuality;
  /** Bumped by 'reload' to recreate the player. */
  reloadKey: number;
}

type Action =
  | { type: 'live' }
  | { type: 'seek'; ms: number; paused?: boolean }
  | { type: 'set'; patch: Partial<Pick<PlaybackState, 'paused' | 'speed' | 'muted' | 'volume' | 'quality'>> }
  | { type: 'reload' };

const INITIAL: PlaybackState = {
  mode: 'live',
  seekMs: null,
  paused: false,
  speed: 1,
  muted: true,
  volume: 1,
  quality: QUALITY_AUTO,
  reloadKey: 0,
};

function reducer(state: PlaybackState, action: Action): PlaybackState {
  switch (action.type) {
    case 'live':
      return { ...state, mode: 'live', seekMs: null, paused: false };
    case 'seek':
      return { ...state, mode: 'history', seekMs: action.ms, paused: action.paused ?? state.paused };
    case 'set':
      return { ...state, ...action.patch };
    case 'reload':
      return { ...state, reloadKey: state.reloadKey + 1 };
  }
}

export interface PlaybackActions {
  goLive: () => void;
  /** Opens history at `ms`; at or after now it goes live instead (seeking cannot go beyond now). */
  seek: (ms: number, options?: { paused?: boolean }) => void;
  togglePlay: () => void;
  setSpeed: (speed: PlaybackSpeed) => void;
  toggleMute: () => void;
  /** A volume above 0 also unmutes; 0 mutes. */
  setVolume: (volume: number) => void;
  setQuality: (quality: LiveQuality) => void;
  reload: () => void;
}

/** Live or history, paused, speed, sound and quality of the camera viewer (spec 02 §4 playback). */
export function usePlaybackState(): [PlaybackState, PlaybackActions] {
  const [state, dispatch] = useReducer(reducer, INITIAL);
  const goLive = useCallback(() => dispatch({ type: 'live' }), []);
  const seek = useCallback((ms: number, options?: { paused?: boolean }) => {
    if (ms >= Date.now() - LIVE_EDGE_MS) dispatch({ type: 'live' });
    else dispatch({ type: 'seek', ms, paused: options?.paused });
  }, []);
  const actions = useMemo<PlaybackActions>(
    () => ({
      goLive,
      seek,
      togglePlay: () => dispatch({ type: 'set', patch: { paused: !state.paused } }),
      setSpeed: (speed) => dispatch({ type: 'set', patch: { speed } }),
      toggleMute: () => dispatch({ type: 'set', patch: { muted: !state.muted } }),
      setVolume: (volume) => dispatch({ type: 'set', patch: { volume, muted: volume === 0 } }),
      setQuality: (quality) => dispatch({ type: 'set', patch: { quality } }),
      reload: () => dispatch({ type: 'reload' }),
    }),
    [goLive, seek, state.paused, state.muted],
  );
  return [state, actions];
}
