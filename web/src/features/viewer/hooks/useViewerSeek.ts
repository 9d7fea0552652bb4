import { type RefObject, useCallback } from 'react';
import { LIVE_EDGE_MS } from '../constants';
import type { PlayerHandle } from '../player/types';
import type { PlaybackActions, PlaybackState } from './usePlaybackState';

/**
 * Relative seeks (skip 10 s, frame step): inside the loaded history media when it covers the target, else a new
 * history source; never beyond now (forward past now goes live). Frame steps pause.
 */
export function useViewerSeek(
  playback: PlaybackState,
  actions: PlaybackActions,
  handleRef: RefObject<PlayerHandle | null>,
  playheadMs: number | null,
  setPlayheadMs: (ms: number) => void,
) {
  return useCallback(
    (deltaMs: number, frame = false) => {
      const now = Date.now();
      const target = (playheadMs ?? now) + deltaMs;
      if (target >= now - LIVE_EDGE_MS) {
        if (playback.mode === 'history') actions.goLive();
        return;
      }
      if (frame && !playback.paused) actions.togglePlay();
      if (playback.mode === 'history' && handleRef.current?.seekWall(target)) {
        setPlayheadMs(target);
        return;
      }
      actions.seek(target, frame ? { paused: true } : undefined);
      setPlayheadMs(target);
    },
    [playback.mode, playback.paused, actions, handleRef, playheadMs, setPlayheadMs],
  );
}
