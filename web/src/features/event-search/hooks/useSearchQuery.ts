import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { type EventSearchQuery, parseSearchQuery, searchQueryString } from '../searchQuery';

/**
 * Cameras, dates and times of the search, read from and written to the address (so a reload keeps the search and the
 * motion search drawer's link prefills it). Changes replace the history entry.
 */
export function useSearchQuery(today: string): [EventSearchQuery, (change: Partial<EventSearchQuery>) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const query = useMemo(() => parseSearchQuery(new URLSearchParams(location.search), today), [location.search, today]);
  const setQuery = useCallback(
    (change: Partial<EventSearchQuery>) =>
      navigate({ pathname: location.pathname, search: searchQueryString({ ...query, ...change }) }, { replace: true }),
    [navigate, location.pathname, query],
  );
  return [query, setQuery];
}
