import type { TimeWindow } from '../../timeline/timeScale';
import { eventMs } from '../accessEventPages';
import { MARK_GROUP_PERCENT } from '../constants';
import type { AccessEvent } from '../types';

export interface PlacedAccessMark {
  /** The events of the mark, oldest first (one, unless events lie closer than MARK_GROUP_PERCENT of the track). */
  events: AccessEvent[];
  /** The first event's time: a click seeks there. */
  ms: number;
  /** Where the first event is on the track. */
  percent: number;
}

const percentOf = (ms: number, window: TimeWindow) => ((ms - window.startMs) / (window.endMs - window.startMs)) * 100;

/**
 * The events in the window as marks on the track, oldest first: events within MARK_GROUP_PERCENT of the track after a
 * mark's first event join that mark (at a week's span hundreds of events would otherwise pile up).
 */
export function placeAccessMarks(events: readonly AccessEvent[], window: TimeWindow): PlacedAccessMark[] {
  const marks: PlacedAccessMark[] = [];
  const inWindow = events
    .map((event) => ({ event, ms: eventMs(event) }))
    .filter(({ ms }) => ms >= window.startMs && ms <= window.endMs)
    .sort((a, b) => a.ms - b.ms || a.event.uuid.localeCompare(b.event.uuid));
  for (const { event, ms } of inWindow) {
    const percent = percentOf(ms, window);
    const last = marks.at(-1);
    if (last && percent - last.percent < MARK_GROUP_PERCENT) last.events.push(event);
    else marks.push({ events: [event], ms, percent });
  }
  return marks;
}
