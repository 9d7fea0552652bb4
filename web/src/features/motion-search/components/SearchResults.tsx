import { Alert, Button, Group, Progress, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimeMode } from '../../timeline';
import { type CameraSearch, progressKey } from '../searchState';
import { ResultList } from './ResultList';
import { ResultThumbnails } from './ResultThumbnails';

export type ResultsView = 'thumbnails' | 'list';

export interface SearchResultsProps {
  search: CameraSearch;
  timeZone: string;
  timeMode: TimeMode;
  onOpen: (index: number) => void;
  onChangeSearch: () => void;
  onSearchAgain: () => void;
}

/** Phase 'results': progress text, errors, and the events (newest first) as recap thumbnails or a plain list. */
export function SearchResults({ search, timeZone, timeMode, onOpen, onChangeSearch, onSearchAgain }: SearchResultsProps) {
  const { t } = useTranslation('motionSearch');
  const [view, setView] = useState<ResultsView>('thumbnails');
  const { events, progress, errors } = search;
  const done = progress >= 1;
  const key = progressKey(progress);

  return (
    <Stack gap="sm" data-testid="motion-search-results">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Button variant="default" size="compact-sm" onClick={onChangeSearch}>
            {t('change-search')}
          </Button>
          <Button variant="subtle" size="compact-sm" onClick={onSearchAgain}>
            {t('search-again')}
          </Button>
        </Group>
        <SegmentedControl
          size="xs"
          aria-label={t('results-view')}
          value={view}
          onChange={(value) => setView(value as ResultsView)}
          data={[
            { value: 'thumbnails', label: t('thumbnails') },
            { value: 'list', label: t('list') },
          ]}
        />
      </Group>
      <div>
        <Group justify="space-between">
          <Text size="sm" role="status" data-testid="motion-search-progress">
            {t(key, { percent: Math.round(progress * 100) })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('event-count', { count: events.length })}
          </Text>
        </Group>
        <Progress value={progress * 100} size="xs" animated={!done} aria-hidden />
      </div>
      {errors.length > 0 && (
        <Alert color="red" icon={<IconAlertTriangle size={16} aria-hidden />} data-testid="motion-search-error">
          {t('motion-search-error')}
        </Alert>
      )}
      {done && errors.length === 0 && events.length === 0 && <Text c="dimmed">{t('no-results-found')}</Text>}
      {events.length > 0 &&
        (view === 'thumbnails' ? (
          <ResultThumbnails events={events} timeZone={timeZone} timeMode={timeMode} onOpen={onOpen} />
        ) : (
          <ResultList events={events} timeZone={timeZone} timeMode={timeMode} onOpen={onOpen} />
        ))}
    </Stack>
  );
}
