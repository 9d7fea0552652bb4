import { Badge, Box, Collapse, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TimeMode } from '../../timeline';
import type { DayGroup } from '../results';
import { EventCard } from './EventCard';

export interface DayGroupSectionProps {
  group: DayGroup;
  heading: string;
  collapsed: boolean;
  columnWidthPx: number;
  cameraName: (cameraId: number) => string;
  timeZone: string;
  timeMode: TimeMode;
  onToggle: () => void;
  onOpen: (index: number) => void;
}

/** One day of results: a collapsible header with the day's count, then its thumbnails in columns of the chosen width. */
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
              gap: 'var(--mantine-spacing-sm)',
              gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${props.columnWidthPx}px), 1fr))`,
            }}
          >
            {group.entries.map(({ event, index }) => (
              <EventCard
                key={`${event.cameraId}-${event.ts}-${event.index}`}
                event={event}
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
