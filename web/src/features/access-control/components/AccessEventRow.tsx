import { memo } from 'react';
import type { TimeMode } from '../../timeline/timeFormat';
import { eventMs } from '../accessEventPages';
import { EVENT_COLORS } from '../constants';
import { formatEventTime } from '../format';
import type { AccessEvent } from '../types';

export interface AccessEventRowProps {
  event: AccessEvent;
  /** Who caused it, as shown ('System', 'API key' or the card holder's name). */
  actor: string;
  timeZone: string;
  timeMode: TimeMode;
  onOpen: (event: AccessEvent) => void;
}

// Plain elements: a page holds 100 rows, refreshed every 10 s.
const ROW = {
  display: 'block',
  width: '100%',
  textAlign: 'start',
  font: 'inherit',
  color: 'inherit',
  background: 'none',
  cursor: 'pointer',
  padding: 'var(--mantine-spacing-xs)',
  border: '1px solid var(--mantine-color-default-border)',
  borderRadius: 'var(--mantine-radius-sm)',
} as const;
const HEAD = { display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 8 } as const;
const DOOR = {
  fontWeight: 500,
  fontSize: 'var(--mantine-font-size-sm)',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;
const DIMMED = { display: 'block', fontSize: 'var(--mantine-font-size-xs)', color: 'var(--mantine-color-dimmed)' } as const;
const TIME = { ...DIMMED, whiteSpace: 'nowrap' } as const;
const MESSAGE = { display: 'block', fontSize: 'var(--mantine-font-size-sm)', overflowWrap: 'anywhere' } as const;

/** One event of the activity log: door and time, message, actor; a click opens its details. */
export const AccessEventRow = memo(function AccessEventRow(props: AccessEventRowProps) {
  const { event, actor, timeZone, timeMode, onOpen } = props;
  const color = EVENT_COLORS[event.type] ?? 'gray';
  return (
    <button
      type="button"
      onClick={() => onOpen(event)}
      data-testid="access-event-row"
      data-event-type={event.type}
      style={{ ...ROW, borderLeft: `3px solid var(--mantine-color-${color}-6)` }}
    >
      <span style={HEAD}>
        <span style={DOOR} data-testid="access-event-door">
          {event.door.name}
        </span>
        <span style={TIME} data-testid="access-event-time">
          {formatEventTime(eventMs(event), timeZone, timeMode)}
        </span>
      </span>
      <span style={MESSAGE} data-testid="access-event-message">
        {event.message}
      </span>
      <span style={DIMMED} data-testid="access-event-actor">
        {actor}
      </span>
    </button>
  );
});
