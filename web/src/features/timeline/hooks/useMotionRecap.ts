import { useEffect, useMemo, useRef, useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { motionSearchApi } from '../../motion-search/motionSearchApi';
import type { MotionEvent } from '../../motion-search/types';
import { blockKey, blocksCovering } from '../availabilityBlocks';
import { MOTION_BLOCK_MS, MOTION_REFRESH_MS, MOTION_START_DELAY_MS } from '../constants';
import { blocksToFetch, type CachedMotionBlock, mergeMotionEvents } from '../motionBlocks';
import type { TimeWindow } from '../timeScale';

/**
 * Motion recap events of a camera over the visible window (spec 02 §7): `motion_search` with feature=timeline and
 * images, per 2 h block, 500 ms after the window settles; cached (current block 30 s, others 5 min); the current block
 * is fetched again every 30 s. Failures are swallowed and count as no events.
 */
export function useMotionRecap(networkId: number, cameraId: number, window: TimeWindow, enabled: boolean): MotionEvent[] {
  const dispatch = useAppDispatch();
  const cache = useRef(new Map<string, CachedMotionBlock>());
  const inFlight = useRef(new Set<string>());
  const [version, setVersion] = useState(0);
  const [settled, setSettled] = useState<TimeWindow | null>(null);
  const [tick, setTick] = useState(0);
  const handledTick = useRef(0);

  useEffect(() => {
    const timer = setTimeout(() => setSettled(window), MOTION_START_DELAY_MS);
    return () => clearTimeout(timer);
  }, [window.startMs, window.endMs]);

  useEffect(() => {
    const timer = setInterval(() => setTick((value) => value + 1), MOTION_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (!enabled || settled === null) return;
    const now = Date.now();
    const refreshCurrent = tick !== handledTick.current;
    handledTick.current = tick;
    const starts = blocksToFetch(
      blocksCovering(settled.startMs, settled.endMs, now),
      (start) => cache.current.get(blockKey(cameraId, start)),
      (start) => inFlight.current.has(blockKey(cameraId, start)),
      now,
      refreshCurrent,
    );
    for (const start of starts) {
      const key = blockKey(cameraId, start);
      inFlight.current.add(key);
      dispatch(
        motionSearchApi.endpoints.searchMotion.initiate(
          {
            networkId,
            cameraId,
            startS: start / 1000,
            endS: (start + MOTION_BLOCK_MS) / 1000,
            withImages: true,
            feature: 'timeline',
          },
          { subscribe: false, forceRefetch: true },
        ),
      )
        .unwrap()
        .then((answer) => answer.subevents)
        .catch((): MotionEvent[] => [])
        .then((events) => {
          cache.current.set(key, { blockStartMs: start, fetchedAtMs: Date.now(), events });
          inFlight.current.delete(key);
          setVersion((value) => value + 1);
        });
    }
  }, [dispatch, networkId, cameraId, settled, enabled, tick]);

  return useMemo(() => {
    if (!enabled || settled === null) return [];
    const blocks = blocksCovering(settled.startMs, settled.endMs, Date.now())
      .map((start) => cache.current.get(blockKey(cameraId, start)))
      .filter((block): block is CachedMotionBlock => block !== undefined);
    return mergeMotionEvents(blocks);
    // version: a block arrived in the cache
  }, [cameraId, settled, enabled, version]);
}
