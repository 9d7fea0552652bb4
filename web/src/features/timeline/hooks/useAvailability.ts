import { useEffect, useMemo, useRef, useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import {
  type AvailabilityRanges,
  blockKey,
  blocksCovering,
  type CachedBlock,
  EMPTY_AVAILABILITY,
  isBlockValid,
  mergeRanges,
} from '../availabilityBlocks';
import { AVAILABILITY_BLOCK_MS, AVAILABILITY_DEBOUNCE_MS, AVAILABILITY_REFRESH_MS } from '../constants';
import type { TimeWindow } from '../timeScale';
import { timelineApi } from '../timelineApi';

/**
 * Availability of a camera over the visible window: fetched per 2 h block after the window has been still for 1 s,
 * cached (current block 30 s, others 5 min) and re-checked every 30 s. Failures are swallowed and count as empty.
 */
export function useAvailability(
  networkId: number,
  cameraId: number,
  window: TimeWindow,
  enabled: boolean,
): AvailabilityRanges {
  const dispatch = useAppDispatch();
  const cache = useRef(new Map<string, CachedBlock>());
  const inFlight = useRef(new Set<string>());
  const [version, setVersion] = useState(0);
  const [debounced, setDebounced] = useState(window);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(window), AVAILABILITY_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [window.startMs, window.endMs]);

  useEffect(() => {
    const timer = setInterval(() => setTick((value) => value + 1), AVAILABILITY_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (!enabled) return;
    const now = Date.now();
    for (const start of blocksCovering(debounced.startMs, debounced.endMs, now)) {
      const key = blockKey(cameraId, start);
      const cached = cache.current.get(key);
      if ((cached && isBlockValid(cached, now)) || inFlight.current.has(key)) continue;
      inFlight.current.add(key);
      const request = dispatch(
        timelineApi.endpoints.getAvailability.initiate(
          { networkId, cameraId, t0: start, t1: start + AVAILABILITY_BLOCK_MS },
          { subscribe: false, forceRefetch: true },
        ),
      );
      request
        .unwrap()
        .catch(() => EMPTY_AVAILABILITY)
        .then((ranges) => {
          cache.current.set(key, { blockStartMs: start, fetchedAtMs: Date.now(), ranges });
          inFlight.current.delete(key);
          setVersion((value) => value + 1);
        });
    }
  }, [dispatch, networkId, cameraId, debounced, enabled, tick]);

  return useMemo(() => {
    const blocks = blocksCovering(debounced.startMs, debounced.endMs, Date.now())
      .map((start) => cache.current.get(blockKey(cameraId, start)))
      .filter((block): block is CachedBlock => block !== undefined);
    return {
      camera: mergeRanges(blocks.map((block) => block.ranges.camera)),
      cloud: mergeRanges(blocks.map((block) => block.ranges.cloud)),
    };
    // version: a block arrived in the cache
  }, [cameraId, debounced, version]);
}
