import { Button, Group, SegmentedControl, Select } from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type ResultSortOrder = 'descending' | 'ascending';
export type ResultThumbnailSize = 'small' | 'medium' | 'large';

const SIZES: readonly ResultThumbnailSize[] = ['small', 'medium', 'large'];

export interface ResultsToolbarProps {
  /** The side panel's toggle: its label and the id of the panel it shows or hides. */
  panelLabel: string;
  panelId: string;
  panelOpen: boolean;
  thumbnailSize: ResultThumbnailSize;
  sortOrder: ResultSortOrder;
  onTogglePanel: () => void;
  onThumbnailSize: (size: ResultThumbnailSize) => void;
  onSortOrder: (order: ResultSortOrder) => void;
  /** Shown after the toggle. */
  children?: ReactNode;
}

/**
 * The toolbar of a results page (event search, similarity search): the side panel's toggle, then thumbnail size
 * (small, medium, large) and sort order (newest to oldest, oldest to newest).
 */
export function ResultsToolbar(props: ResultsToolbarProps) {
  const { t } = useTranslation('common');
  return (
    <Group justify="space-between" p="sm" gap="xs" wrap="wrap" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Group gap="xs">
        <Button
          variant={props.panelOpen ? 'light' : 'default'}
          leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
          aria-expanded={props.panelOpen}
          aria-controls={props.panelId}
          onClick={props.onTogglePanel}
        >
          {props.panelLabel}
        </Button>
        {props.children}
      </Group>
      <Group gap="xs">
        <SegmentedControl
          size="xs"
          aria-label={t('thumbnail-size')}
          value={props.thumbnailSize}
          onChange={(value) => props.onThumbnailSize(value as ResultThumbnailSize)}
          data={SIZES.map((size) => ({ value: size, label: t(`size-${size}`) }))}
        />
        <Select
          size="xs"
          w={180}
          aria-label={t('sort-order')}
          allowDeselect={false}
          value={props.sortOrder}
          onChange={(value) => value && props.onSortOrder(value as ResultSortOrder)}
          data={[
            { value: 'descending', label: t('newest-first') },
            { value: 'ascending', label: t('oldest-first') },
          ]}
        />
      </Group>
    </Group>
  );
}
