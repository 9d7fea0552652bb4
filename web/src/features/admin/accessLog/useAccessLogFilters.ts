import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type AccessLogFilters, filtersFromSearch, filtersToSearch } from './accessLogFilters';

/**
 * The page's filters, kept in the address's query string so that the page can be shared and reloaded; a change
 * replaces the history entry (the back button leaves the page rather than stepping through filters).
 */
export function useAccessLogFilters(): [AccessLogFilters, (change: Partial<AccessLogFilters>) => void] {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const change = useCallback(
    (next: Partial<AccessLogFilters>) =>
      setSearch((current) => filtersToSearch({ ...filtersFromSearch(current), ...next }, current), { replace: true }),
    [setSearch],
  );
  return [filters, change];
}
