import type { TimeMode } from '../timeFormat';
import { formatTick, utcOffsetMs } from '../timeFormat';
import { generateTicks, type TimeWindow, timeToPercent } from '../timeScale';

export interface TimelineTicksProps {
  window: TimeWindow;
  tickMs: number;
  timeZone: string;
  timeMode: TimeMode;
}

/** Tick marks along the top of the track, with labels on at most 12 of them. */
export function TimelineTicks({ window, tickMs, timeZone, timeMode }: TimelineTicksProps) {
  const ticks = generateTicks(window, tickMs, utcOffsetMs(window.startMs, timeZone));
  return (
    <>
      {ticks.map((tick) => (
        <div
          key={tick.ms}
          style={{
            position: 'absolute',
            left: `${timeToPercent(tick.ms, window)}%`,
            top: 0,
            height: tick.labelled ? 12 : 6,
            borderLeft: '1px solid var(--mantine-color-dimmed)',
          }}
        >
          {tick.labelled && (
            <span style={{ position: 'absolute', top: 12, left: 2, fontSize: 10, whiteSpace: 'nowrap' }}>
              {formatTick(tick.ms, tickMs, timeZone, timeMode)}
            </span>
          )}
        </div>
      ))}
    </>
  );
}
