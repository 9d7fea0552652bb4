import { Button, Group, SegmentedControl, Select } from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type SortOrder, THUMBNAIL_WIDTHS, type ThumbnailSize } from '../constants';

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
    <Group justify="space-between" p="sm" gap="xs" wrap="wrap" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Button
        variant={props.filtersOpen ? 'light' : 'default'}
        leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
        aria-expanded={props.filtersOpen}
        aria-controls="event-search-filters"
        onClick={props.onToggleFilters}
      >
        {t('filters')}
      </Button>
      <Group gap="xs">
        <SegmentedControl
          size="xs"
          aria-label={t('thumbnail-size')}
          value={props.thumbnailSize}
          onChange={(value) => props.onThumbnailSize(value as ThumbnailSize)}
          data={(Object.keys(THUMBNAIL_WIDTHS) as ThumbnailSize[]).map((size) => ({ value: size, label: t(`size-${size}`) }))}
        />
        <Select
          size="xs"
          w={180}
          aria-label={t('sort-order')}
          allowDeselect={false}
          value={props.sortOrder}
          onChange={(value) => value && props.onSortOrder(value as SortOrder)}
          data={[
            { value: 'descending', label: t('newest-first') },
            { value: 'ascending', label: t('oldest-first') },
          ]}
        />
      </Group>
    </Group>
  );
}
