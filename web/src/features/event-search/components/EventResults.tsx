import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconMoodEmpty } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type MotionEvent, snapshotWidthPx, withSnapshotWidth } from '../../motion-search';
import type { TimeMode } from '../../timeline';
import { THUMBNAIL_WIDTHS, type ThumbnailSize } from '../constants';
import { dayHeading, groupByDay } from '../results';
import { thumbnailColumns } from '../thumbnailGrid';
import { DayGroupSection } from './DayGroupSection';

export interface EventResultsProps {
  /** The shown events, in the sort order. */
  events: readonly MotionEvent[];
  complete: boolean;
  /** Pages loaded and planned: the footer's 'N of M days searched'. */
  searchedPages: number;
  totalPages: number;
  collapsedDates: readonly string[];
  thumbnailSize: ThumbnailSize;
  filtersSet: boolean;
  cameraName: (cameraId: number) => string;
  /** The width of a camera's video as the API knows it (`config.video_width`); images are never asked wider. */
  streamWidthPx: (cameraId: number) => number | undefined;
  timeZone: string;
  timeMode: TimeMode;
  onToggleDay: (day: string) => void;
  onOpen: (index: number) => void;
  onClearFilters: () => void;
}

/**
 * Results grouped by day (collapsible, with counts), then the footer: 'searching for events' with the days searched
 * while pages remain, or 'no results found' (with 'Clear filters' when a filter is set) once complete and empty.
 * Thumbnails fill columns near the chosen size; one ResizeObserver on the results sets the columns as the layout
 * changes width, and each image is asked of the server at its column's width in device pixels.
 */
export function EventResults(props: EventResultsProps) {
  const { t, i18n } = useTranslation('eventSearch');
  const { ref, width } = useElementSize();
  const groups = groupByDay(props.events, props.timeZone);
  const columns = thumbnailColumns(width, THUMBNAIL_WIDTHS[props.thumbnailSize]);
  const imageSrc = (event: MotionEvent) => {
    const url = event.img_url[0];
    if (!url) return undefined;
    return withSnapshotWidth(url, snapshotWidthPx(columns.widthPx, window.devicePixelRatio, props.streamWidthPx(event.cameraId)));
  };
  return (
    <Stack ref={ref} gap={0} data-testid="event-results">
      {groups.map((group) => (
        <DayGroupSection
          key={group.day}
          group={group}
          heading={dayHeading(group.day, i18n.language)}
          collapsed={props.collapsedDates.includes(group.day)}
          columnCount={columns.count}
          imageSrc={imageSrc}
          cameraName={props.cameraName}
          timeZone={props.timeZone}
          timeMode={props.timeMode}
          onToggle={() => props.onToggleDay(group.day)}
          onOpen={props.onOpen}
        />
      ))}
      {!props.complete && (
        <Group justify="center" gap="xs" py="md" role="status" data-testid="search-footer">
          <Loader size="xs" />
          <Text size="sm">{t('searching-for-events')}</Text>
          <Text size="sm" c="dimmed" data-testid="searched-count">
            {t('days-searched', { count: props.searchedPages, total: props.totalPages })}
          </Text>
        </Group>
      )}
      {props.complete && props.events.length === 0 && (
        <Center py="xl" data-testid="no-results">
          <Stack align="center" gap="xs">
            <IconMoodEmpty size={36} aria-hidden />
            <Text>{t('no-results-found')}</Text>
            {props.filtersSet && (
              <Button variant="default" onClick={props.onClearFilters}>
                {t('clear-filters')}
              </Button>
            )}
          </Stack>
        </Center>
      )}
      {props.complete && props.events.length > 0 && (
        <Text size="sm" c="dimmed" ta="center" py="md" data-testid="end-of-results">
          {t('end-of-results', { count: props.events.length })}
        </Text>
      )}
    </Stack>
  );
}
