import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ResultsToolbar } from '../../../components/ResultsToolbar';
import type { SimilaritySortOrder, SimilarityThumbnailSize } from '../constants';

export interface SimilarityToolbarProps {
  panelOpen: boolean;
  thumbnailSize: SimilarityThumbnailSize;
  sortOrder: SimilaritySortOrder;
  hiddenCount: number;
  onTogglePanel: () => void;
  onThumbnailSize: (size: SimilarityThumbnailSize) => void;
  onSortOrder: (order: SimilaritySortOrder) => void;
  onShowAll: () => void;
}

/** The panel toggle, hidden cameras ('Show all'), thumbnail size and sort order (oldest to newest by default). */
export function SimilarityToolbar({ hiddenCount, onShowAll, ...props }: SimilarityToolbarProps) {
  const { t } = useTranslation('similaritySearch');
  return (
    <ResultsToolbar panelLabel={t('search-settings')} panelId="similarity-panel" {...props}>
      {hiddenCount > 0 && (
        <Group gap={4} data-testid="hidden-cameras">
          <Text size="sm" c="dimmed">
            {t('hidden-cameras', { count: hiddenCount })}
          </Text>
          <Button size="compact-sm" variant="subtle" onClick={onShowAll}>
            {t('show-all')}
          </Button>
        </Group>
      )}
    </ResultsToolbar>
  );
}
