import { useMemo } from 'react';
import type { TimeWindow } from '../../timeline/timeScale';
import { fetchRange, includesNow } from '../accessEventPages';
import { useGetAccessEventsInRangeQuery } from '../accessEventsApi';
import { doorsByLocation } from '../doorQueries';
import { ACCESS_EVENTS_REFRESH_MS } from '../constants';
import type { AccessEvent, CameraDoor } from '../types';

const NONE: AccessEvent[] = [];

/**
 * The doors' events for a timeline window (spec 03 §4 "Access-control events"): every page of a range covering the
 * window (`fetchRange`: widened to half spans, so a window following now asks again only every half span), per
 * location and door; asked for again every 10 s while the window includes now. The last range's events stay while the
 * next loads; failures are swallowed (spec 03 §8).
 */
export function useWindowAccessEvents(orgId: number, doors: readonly CameraDoor[], window: TimeWindow): AccessEvent[] {
  const { startMs, endMs } = fetchRange(window);
  const locations = useMemo(() => doorsByLocation(doors), [doors]);
  const live = includesNow(window, Date.now());
  const { data } = useGetAccessEventsInRangeQuery(
    { orgId, locations, startMs, endMs },
    { pollingInterval: live ? ACCESS_EVENTS_REFRESH_MS : 0 },
  );
  return data ?? NONE;
}
