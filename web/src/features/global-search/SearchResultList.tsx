import './globalSearchTexts';
import { Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNetworks } from '../auth/hooks';
import { usePreference } from '../preferences';
import { wallDisplayName } from '../walls/wallModel';
import { cameraDetail, resultKey, type SearchGroup, type SearchResult } from './globalSearchModel';

export interface SearchResultListProps {
  /** The listbox's element id (the input's `aria-controls`). */
  id: string;
  groups: SearchGroup[];
  /** The key (`resultKey`) of the highlighted result, or null. */
  activeKey: string | null;
  /** The element id of a result (the input's `aria-activedescendant` for the highlighted one). */
  optionId: (result: SearchResult) => string;
  onOpen: (result: SearchResult) => void;
  onHighlight: (result: SearchResult) => void;
}

/** A result's name and second line: a camera's network, model and tags; a wall's network; an export's camera, time. */
function useResultText() {
  const { t, i18n } = useTranslation('globalSearch');
  const networks = useNetworks();
  const timeMode = usePreference('timeMode');
  const time = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    hour12: timeMode === 12,
  });
  return (result: SearchResult): { name: string; detail: string } => {
    switch (result.category) {
      case 'camera':
        return { name: result.item.name, detail: cameraDetail(result.item) };
      case 'video_wall': {
        const network = networks.find((candidate) => candidate.id === result.item.network_id);
        return { name: wallDisplayName(result.item, t('untitled-wall')), detail: network?.name ?? '' };
      }
      case 'export_job': {
        const created = new Date(result.item.created_at);
        const when = Number.isNaN(created.getTime()) ? '' : time.format(created);
        return { name: result.item.name, detail: t('export-detail', { camera: result.item.camera_name, time: when }) };
      }
    }
  };
}

/**
 * The results as a listbox with a group per category (Cameras, Video walls, Exports). The options are not focusable:
 * the search input keeps the focus and names the highlighted one with `aria-activedescendant` (the combobox pattern).
 */
export function SearchResultList({ id, groups, activeKey, optionId, onOpen, onHighlight }: SearchResultListProps) {
  const { t } = useTranslation('globalSearch');
  const textOf = useResultText();
  return (
    <Box role="listbox" id={id} aria-label={t('results')} data-testid="global-search-results">
      {groups.map((group) => {
        const headingId = `${id}-${group.category}`;
        return (
          <Box key={group.category} role="group" aria-labelledby={headingId} mb="xs">
            <Text id={headingId} size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={4}>
              {t(`category-${group.category}`)}
            </Text>
            {group.results.map((result) => {
              const key = resultKey(result);
              const active = key === activeKey;
              const { name, detail } = textOf(result);
              return (
                <Box
                  key={key}
                  id={optionId(result)}
                  role="option"
                  aria-selected={active}
                  data-category={result.category}
                  px="sm"
                  py={6}
                  onClick={() => onOpen(result)}
                  onMouseMove={() => (active ? undefined : onHighlight(result))}
                  style={{
                    cursor: 'pointer',
                    borderRadius: 'var(--mantine-radius-sm)',
                    background: active ? 'var(--mantine-color-default-hover)' : undefined,
                  }}
                >
                  <Text size="sm" fw={500} truncate>
                    {name}
                  </Text>
                  {detail && (
                    <Text size="xs" c="dimmed" truncate>
                      {detail}
                    </Text>
                  )}
                </Box>
              );
            })}
          </Box>
        );
      })}
    </Box>
  );
}
