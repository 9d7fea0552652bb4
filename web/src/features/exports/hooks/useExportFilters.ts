import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { DEFAULT_EXPORT_PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '../constants';
import type { ExportJobsArg } from '../exportsApi';
import { type CreatedRange, createdRangeMs, defaultCreatedRange } from '../format';

export interface ExportFilters {
  /** The search box's text (the query follows it after a pause in typing). */
  search: string;
  onSearchChange: (text: string) => void;
  createdRange: CreatedRange;
  onCreatedRangeChange: (range: CreatedRange) => void;
  /** 1-based. */
  page: number;
  onPageChange: (page: number) => void;
  pageSize: number;
  onPageSizeChange: (size: number) => void;
  /** The user narrowed the list (a search, or another creation range than the default). */
  filtered: boolean;
  /** The list call for this page and these filters. */
  queryArg: ExportJobsArg;
}

/**
 * The exports page's filters and paging (spec 03 §5 "Export list filter defaults": no text, created in the last year;
 * 8 jobs a page). Any change of filter or page size goes back to the first page.
 */
export function useExportFilters(networkId: number, timeZone: string): ExportFilters {
  const [search, setSearch] = useState('');
  const [appliedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [initialRange] = useState(() => defaultCreatedRange(timeZone, Date.now()));
  const [createdRange, setCreatedRange] = useState(initialRange);
  const [pageSize, setPageSize] = useState(DEFAULT_EXPORT_PAGE_SIZE);
  // The page belongs to the search it was chosen for: a new search starts on page 1.
  const [paging, setPaging] = useState({ page: 1, search: '' });
  const page = paging.search === appliedSearch ? paging.page : 1;

  const queryArg = useMemo<ExportJobsArg>(
    () => ({
      networkId,
      offset: (page - 1) * pageSize,
      limit: pageSize,
      search: appliedSearch || undefined,
      ...createdRangeMs(createdRange, timeZone),
    }),
    [networkId, page, pageSize, appliedSearch, createdRange, timeZone],
  );

  return {
    search,
    onSearchChange: setSearch,
    createdRange,
    onCreatedRangeChange: (range) => {
      setCreatedRange(range);
      setPaging({ page: 1, search: appliedSearch });
    },
    page,
    onPageChange: (next) => setPaging({ page: next, search: appliedSearch }),
    pageSize,
    onPageSizeChange: (size) => {
      setPageSize(size);
      setPaging({ page: 1, search: appliedSearch });
    },
    filtered: appliedSearch !== '' || createdRange.from !== initialRange.from || createdRange.to !== initialRange.to,
    queryArg,
  };
}
