import '../accessControlTexts';
import { Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HintTooltip } from '../../../components/HintTooltip';
import type { TimeMode } from '../../timeline/timeFormat';
import type { TimeWindow } from '../../timeline/timeScale';
import { eventMs } from '../accessEventPages';
import { MARK_CARD_EVENTS, MARK_COLOR } from '../constants';
import { actorWithNumber, formatEventTime } from '../format';
import type { AccessEvent, CameraDoor } from '../types';
import { placeAccessMarks } from './markPlacement';
import { useWindowAccessEvents } from './useWindowAccessEvents';

export interface AccessEventMarksProps {
  orgId: number;
  doors: readonly CameraDoor[];
  window: TimeWindow;
  timeZone: string;
  timeMode: TimeMode;
  onSeek: (ms: number) => void;
}

const MARK_PX = 8;
/** The card opens on keyboard focus as well as on hover. */
const FOCUS_TOO = { hover: true, focus: true, touch: false };

/**
 * The camera's door events on the timeline track (spec 02 §2 "Access-control event blocks"): each a cyan mark at the
 * event's time, a button (Tab, Enter) with a hover card (door name, message, time, actor and employee number) that
 * seeks the player to the event. Events closer than half a percent of the track share a mark, whose card lists the
 * first three and counts the rest.
 */
export function AccessEventMarks({ orgId, doors, window, timeZone, timeMode, onSeek }: AccessEventMarksProps) {
  const { t } = useTranslation('accessControl');
  const events = useWindowAccessEvents(orgId, doors, window);
  const marks = useMemo(() => placeAccessMarks(events, window), [events, window]);
  return (
    <>
      {marks.map(({ events: grouped, ms, percent }) => {
        const [first] = grouped;
        const label = t('mark-label', {
          door: first.door.name,
          message: first.message,
          time: formatEventTime(ms, timeZone, timeMode),
          actor: actorWithNumber(first.actor, t),
        });
        return (
          <HintTooltip
            key={first.uuid}
            label={<EventCard events={grouped} timeZone={timeZone} timeMode={timeMode} />}
            multiline
            maw={300}
            withArrow
            events={FOCUS_TOO}
          >
            <button
              type="button"
              data-testid="access-event-mark"
              data-event-uuid={first.uuid}
              data-event-count={grouped.length}
              aria-label={label}
              onClick={(event) => {
                event.stopPropagation();
                onSeek(ms);
              }}
              style={{
                position: 'absolute',
                top: 20,
                bottom: 6,
                left: `calc(${percent}% - ${MARK_PX / 2}px)`,
                width: MARK_PX,
                padding: 0,
                border: '2px solid var(--mantine-color-body)',
                borderRadius: MARK_PX / 2,
                background: MARK_COLOR,
                cursor: 'pointer',
              }}
            />
          </HintTooltip>
        );
      })}
    </>
  );
}

/** The hover card: per event its door, message, time and actor (with the employee number); then how many more. */
function EventCard({ events, timeZone, timeMode }: { events: AccessEvent[]; timeZone: string; timeMode: TimeMode }) {
  const { t } = useTranslation('accessControl');
  const more = events.length - MARK_CARD_EVENTS;
  return (
    <Stack gap={6} data-testid="access-event-card">
      {events.slice(0, MARK_CARD_EVENTS).map((event) => (
        <div key={event.uuid}>
          <Text size="xs" fw={600}>
            {event.door.name}
          </Text>
          <Text size="xs">{event.message}</Text>
          <Text size="xs">{formatEventTime(eventMs(event), timeZone, timeMode)}</Text>
          <Text size="xs">{actorWithNumber(event.actor, t)}</Text>
        </div>
      ))}
      {more > 0 && <Text size="xs">{t('more-events', { count: more })}</Text>}
    </Stack>
  );
}
