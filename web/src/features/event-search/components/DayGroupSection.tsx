import { Badge, Box, Collapse, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MotionEvent } from '../../motion-search';
import type { TimeMode } from '../../timeline';
import type { DayGroup } from '../results';
import { THUMBNAIL_GAP_PX } from '../thumbnailGrid';
import { EventCard } from './EventCard';

export interface DayGroupSectionProps {
  group: DayGroup;
  heading: string;
  collapsed: boolean;
  /** Columns of the thumbnail grid (thumbnailColumns). */
  columnCount: number;
  /** An event's image address at the size shown. */
  imageSrc: (event: MotionEvent) => string | undefined;
  cameraName: (cameraId: number) => string;
  timeZone: string;
  timeMode: TimeMode;
  onToggle: () => void;
  onOpen: (index: number) => void;
}

/** One day of results: a collapsible header with the day's count, then its thumbnails in the results' columns. */
export function DayGroupSection(props: DayGroupSectionProps) {
  const { t } = useTranslation('eventSearch');
  const { group, collapsed } = props;
  return (
    <Box component="section" data-testid="day-group" data-day={group.day} mb="md">
      <UnstyledButton onClick={props.onToggle} aria-expanded={!collapsed} w="100%" py={6} data-testid="day-header">
        <Group gap="xs">
          {collapsed ? <IconChevronRight size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
          <Text fw={600} component="h3" m={0} size="md">
            {props.heading}
          </Text>
          <Badge variant="light" data-testid="day-count">
            {t('event-count', { count: group.entries.length })}
          </Badge>
        </Group>
      </UnstyledButton>
      <Collapse expanded={!collapsed}>
        {!collapsed && (
          <Box
            data-testid="day-events"
            style={{
              display: 'grid',
              gap: THUMBNAIL_GAP_PX,
              gridTemplateColumns: `repeat(${props.columnCount}, minmax(0, 1fr))`,
            }}
          >
            {group.entries.map(({ event, index }) => (
              <EventCard
                key={`${event.cameraId}-${event.ts}-${event.index}`}
                event={event}
                imageSrc={props.imageSrc(event)}
                cameraName={props.cameraName(event.cameraId)}
                timeZone={props.timeZone}
                timeMode={props.timeMode}
                onOpen={() => props.onOpen(index)}
              />
            ))}
          </Box>
        )}
      </Collapse>
    </Box>
  );
}
