import { Alert, Button, Center, Group, Loader, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import type { TimeMode } from '../../timeline/timeFormat';
import { loadedEvents } from '../accessEventPages';
import { useGetAccessEventsInfiniteQuery } from '../accessEventsApi';
import {
  ACCESS_EVENTS_REFRESH_MS,
  ACTIVITY_PERIODS_MS,
  DEFAULT_ACTIVITY_PERIOD_MS,
  DOOR_SEARCH_DEBOUNCE_MS,
} from '../constants';
import { activityLogArg } from '../doorQueries';
import { actorName } from '../format';
import type { AccessEvent, CameraDoor } from '../types';
import { AccessEventRow } from './AccessEventRow';

const LIST = {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: 'var(--mantine-spacing-xs)',
} as const;

export interface ActivityLogProps {
  camera: Camera;
  doors: readonly CameraDoor[];
  timeZone: string;
  timeMode: TimeMode;
  onOpen: (event: AccessEvent) => void;
}

/**
 * The 'Activity log' tab (spec 03 §2, §4): the events of the camera's doors in a period ending now, newest first, 100
 * a page with 'Load more', filtered by door name (250 ms after the last key). The period includes now, so the loaded
 * pages are asked for again every 10 s. 'no-events' when there are none; a page that fails is swallowed (spec 03 §8)
 * but said, and asked for again at the next refresh or on 'Try again'.
 */
export function ActivityLog({ camera, doors, timeZone, timeMode, onOpen }: ActivityLogProps) {
  const { t } = useTranslation('accessControl');
  const [search, setSearch] = useState('');
  const [doorName] = useDebouncedValue(search.trim(), DOOR_SEARCH_DEBOUNCE_MS);
  const [periodMs, setPeriodMs] = useState<number>(DEFAULT_ACTIVITY_PERIOD_MS);
  const arg = useMemo(
    () => activityLogArg(camera.organization_id, doors, doorName, periodMs),
    [camera.organization_id, doors, doorName, periodMs],
  );
  const query = useGetAccessEventsInfiniteQuery(arg, { pollingInterval: ACCESS_EVENTS_REFRESH_MS });
  const pages = query.currentData?.pages;
  const events = useMemo(() => loadedEvents(pages), [pages]);
  const failed = pages?.some((page) => page.failed) ?? false;
  const periodLabels = [t('period-1h'), t('period-24h'), t('period-7d'), t('period-30d')];

  let content;
  if (!pages) {
    content = (
      <Center py="xl">
        <Loader size="sm" aria-label={t('loading')} />
      </Center>
    );
  } else {
    content = (
      <>
        {failed && (
          <Alert color="red" icon={<IconAlertCircle size={16} aria-hidden />} role="alert" data-testid="events-error">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('events-error')}</Text>
              <Button size="compact-xs" variant="light" color="red" onClick={() => void query.refetch()}>
                {t('try-again')}
              </Button>
            </Stack>
          </Alert>
        )}
        {events.length === 0 && !failed && (
          <Text c="dimmed" ta="center" py="lg" data-testid="no-events">
            {t('no-events')}
          </Text>
        )}
        {events.length > 0 && (
          <ul aria-label={t('events')} style={LIST}>
            {events.map((event) => (
              <li key={event.uuid}>
                <AccessEventRow
                  event={event}
                  actor={actorName(event.actor, t)}
                  timeZone={timeZone}
                  timeMode={timeMode}
                  onOpen={onOpen}
                />
              </li>
            ))}
          </ul>
        )}
        {query.hasNextPage && (
          <Center>
            <Button
              variant="light"
              size="compact-sm"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
              data-testid="load-more-events"
            >
              {t('load-more')}
            </Button>
          </Center>
        )}
      </>
    );
  }

  return (
    <Stack gap="sm" data-testid="activity-log">
      <Group gap="xs" grow align="flex-end">
        <TextInput
          label={t('search-doors')}
          placeholder={t('search-doors-placeholder')}
          leftSection={<IconSearch size={14} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          size="xs"
        />
        <NativeSelect
          label={t('period')}
          value={String(periodMs)}
          onChange={(event) => setPeriodMs(Number(event.currentTarget.value))}
          data={ACTIVITY_PERIODS_MS.map((ms, index) => ({ value: String(ms), label: periodLabels[index] }))}
          size="xs"
        />
      </Group>
      {content}
    </Stack>
  );
}
