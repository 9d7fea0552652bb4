import type { AccessEvent, AccessEventsAnswer, AccessEventsPage, DoorsAtLocation } from './types';

/** An event's time in ms since the epoch. */
export function eventMs(event: AccessEvent): number {
  return Date.parse(event.time);
}

/** How many pages the range has (meta.pagination.page_count; 1 when the answer does not say). */
export function pageCount(answer: AccessEventsAnswer): number {
  return answer.meta?.pagination?.page_count ?? 1;
}

/** The activity log's next page: after `page`, while the server has more and no page failed. */
export function nextPage(lastPage: AccessEventsPage, lastPageParam: number): number | undefined {
  return !lastPage.failed && lastPageParam < pageCount(lastPage) ? lastPageParam + 1 : undefined;
}

/** Waits `ms`, or less when `signal` aborts (the caller then stops). */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done);
  });
}

/** Asks for one page (from 1) of one location's doors; null when it failed. */
export type FetchEventsPage = (location: DoorsAtLocation, page: number) => Promise<AccessEventsAnswer | null>;

export interface LoadAllOptions {
  /** Waits between two pages (spec 03 §7: 1 s). */
  wait: () => Promise<void>;
  /** Stops asking (the query was given up). */
  signal?: AbortSignal;
}

/**
 * Every event of the doors in a range (spec 03 §4 "Access-control events", §7 "Access control"): per location, page
 * after page until `meta.pagination.page_count`, waiting between two pages (across locations too). A page that fails
 * ends its location's pages; the events loaded are kept (spec 03 §8: errors are swallowed). Each event once, oldest
 * first.
 */
export async function loadAllPages(
  locations: readonly DoorsAtLocation[],
  fetchPage: FetchEventsPage,
  { wait, signal }: LoadAllOptions,
): Promise<AccessEvent[]> {
  const events: AccessEvent[] = [];
  let asked = false;
  for (const location of locations) {
    for (let page = 1, count = 1; page <= count; page += 1) {
      if (asked) await wait();
      if (signal?.aborted) return sortedOnce(events, 'asc');
      asked = true;
      const answer = await fetchPage(location, page);
      if (!answer) break;
      events.push(...answer.data);
      count = pageCount(answer);
    }
  }
  return sortedOnce(events, 'asc');
}

/** Events each once (by uuid), by time then uuid. */
export function sortedOnce(events: readonly AccessEvent[], order: 'asc' | 'desc'): AccessEvent[] {
  const byUuid = new Map(events.map((event) => [event.uuid, event]));
  const sign = order === 'asc' ? 1 : -1;
  return [...byUuid.values()].sort((a, b) => sign * (eventMs(a) - eventMs(b) || a.uuid.localeCompare(b.uuid)));
}

/** The loaded pages' events in one list, newest first, each once (pages shift as new events arrive). */
export function loadedEvents(pages: readonly AccessEventsPage[] | undefined): AccessEvent[] {
  return sortedOnce((pages ?? []).flatMap((page) => page.data), 'desc');
}

/** Whether now is in [startMs, endMs]: the events are then asked for again every 10 s (spec 03 §4). */
export function includesNow(range: { startMs: number; endMs: number }, nowMs: number): boolean {
  return range.startMs <= nowMs && nowMs <= range.endMs;
}

/**
 * The range asked for to cover a timeline window: the window widened to multiples of half its span, so a window that
 * follows now (moving each second) asks for a new range only every half span, and a scroll of half a span reuses one.
 */
export function fetchRange(window: { startMs: number; endMs: number }): { startMs: number; endMs: number } {
  const step = Math.max(1000, (window.endMs - window.startMs) / 2);
  return { startMs: Math.floor(window.startMs / step) * step, endMs: Math.ceil(window.endMs / step) * step };
}
