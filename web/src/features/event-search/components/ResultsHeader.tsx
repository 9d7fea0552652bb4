import { useTranslation } from 'react-i18next';
import { ResultsToolbar } from '../../../components/ResultsToolbar';
import type { SortOrder, ThumbnailSize } from '../constants';

export interface ResultsHeaderProps {
  filtersOpen: boolean;
  thumbnailSize: ThumbnailSize;
  sortOrder: SortOrder;
  onToggleFilters: () => void;
  onThumbnailSize: (size: ThumbnailSize) => void;
  onSortOrder: (order: SortOrder) => void;
}

/** 'Filters' toggle, thumbnail size (small, medium, large) and sort order (newest to oldest by default). */
export function ResultsHeader(props: ResultsHeaderProps) {
  const { t } = useTranslation('eventSearch');
  return (
    <ResultsToolbar
      panelLabel={t('filters')}
      panelId="event-search-filters"
      panelOpen={props.filtersOpen}
      thumbnailSize={props.thumbnailSize}
      sortOrder={props.sortOrder}
      onTogglePanel={props.onToggleFilters}
      onThumbnailSize={props.onThumbnailSize}
      onSortOrder={props.onSortOrder}
    />
  );
}
