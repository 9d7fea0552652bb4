import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import {
  type CycleParams,
  DEFAULT_WAIT_S,
  clampWait,
  withCycleQuery,
  isCycleActive,
  loadRotationSettings,
  nextCyclePlace,
  parseCycleParams,
  saveRotationSettings,
} from '../model/rotation';
import { wallPath } from '../wallModel';
import type { VideoWall } from '../wallsApi';

const CYCLE_KEYS = ['cycleLayoutIds', 'duration', 'autostart'] as const;

/** The history entry's state while cycling: the index of the shown wall in cycleLayoutIds (a wall may be there twice). */
interface CycleHistoryState {
  wallCycleIndex?: number;
}

function cycleIndexOf(state: unknown): number | null {
  const index = (state as CycleHistoryState | null)?.wallCycleIndex;
  return typeof index === 'number' && Number.isInteger(index) && index >= 0 ? index : null;
}

export interface WallCycle {
  /** The cycle the address holds (cycleLayoutIds, duration, autostart). */
  params: CycleParams;
  /** autostart=true with wall ids: the page moves on by itself. */
  active: boolean;
  /** Seconds per wall (duration clamped to 10..3600; 10 without one). */
  durationS: number;
  /** The wall shown next while active (walls the list does not hold are skipped). */
  nextWall: VideoWall | undefined;
  /** Goes to the first wall of `sequence` with the cycle in the query and remembers it for the network. */
  start: (sequence: readonly number[], waitS: number) => void;
  /** Drops the cycle from the query (the wall stays) and remembers autostart off. */
  stop: () => void;
  /** Whether the running cycle is this sequence at this wait (a rotation's start/stop state). */
  isRunning: (sequence: readonly number[], waitS: number) => boolean;
}

/**
 * Cycling through walls (spec 02 §4 "Rotation", "Cycling"): the address is the state, so a shared or reloaded link
 * with autostart=true starts cycling on load. While active, after `duration` seconds the page goes to the next wall
 * of cycleLayoutIds (wrapping to the first), keeping the query (other parameters too, e.g. fullPage); the step replaces the history entry so a long
 * rotation does not fill the back button. Opening another wall from the sidebar (a link without the query) stops it.
 */
export function useWallCycle(networkId: number, walls: readonly VideoWall[], currentWallId: number): WallCycle {
  const navigate = useNavigate();
  const historyIndex = cycleIndexOf(useLocation().state);
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const params = useMemo(() => parseCycleParams(new URLSearchParams(search)), [search]);
  const active = isCycleActive(params);
  const durationS = clampWait(params.duration ?? DEFAULT_WAIT_S);
  const knownIds = useMemo(() => new Set(walls.map((wall) => wall.id)), [walls]);
  const sequence = useMemo(() => params.layoutIds.filter((id) => knownIds.has(id)), [params.layoutIds, knownIds]);
  const next = active && sequence.length > 1 ? nextCyclePlace(sequence, currentWallId, historyIndex) : undefined;
  const nextId = next?.id;
  const nextIndex = next?.index;
  const nextWall = walls.find((wall) => wall.id === nextId);
  const sequenceKey = sequence.join(',');

  // The next place may be the same wall (listed twice in a row): the address stays, the history state moves on.
  useEffect(() => {
    if (nextId === undefined || nextIndex === undefined) return undefined;
    const timer = setTimeout(() => {
      const query = withCycleQuery(search, { layoutIds: sequenceKey.split(',').map(Number), duration: durationS, autostart: true });
      const state: CycleHistoryState = { wallCycleIndex: nextIndex };
      navigate(`${wallPath(networkId, nextId)}?${query}`, { replace: true, state });
    }, durationS * 1000);
    return () => clearTimeout(timer);
  }, [navigate, networkId, nextId, nextIndex, durationS, sequenceKey, search, historyIndex]);

  const start = useCallback(
    (wanted: readonly number[], waitS: number) => {
      const shown = wanted.filter((id) => knownIds.has(id));
      if (shown.length === 0) return;
      const duration = clampWait(waitS);
      saveRotationSettings(networkId, { layouts: [...wanted], duration, autostart: true });
      const state: CycleHistoryState = { wallCycleIndex: 0 };
      navigate(`${wallPath(networkId, shown[0])}?${withCycleQuery(search, { layoutIds: shown, duration, autostart: true })}`, {
        state,
      });
    },
    [knownIds, navigate, networkId, search],
  );

  const stop = useCallback(() => {
    saveRotationSettings(networkId, { ...loadRotationSettings(networkId), autostart: false });
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of CYCLE_KEYS) next.delete(key);
        return next;
      },
      { replace: true },
    );
  }, [networkId, setSearchParams]);

  const isRunning = useCallback(
    (wanted: readonly number[], waitS: number) =>
      active &&
      durationS === clampWait(waitS) &&
      wanted.filter((id) => knownIds.has(id)).join(',') === sequenceKey,
    [active, durationS, knownIds, sequenceKey],
  );

  return { params, active, durationS, nextWall, start, stop, isRunning };
}
