import { tickLabelIntervalMs } from '../tickLabels';
import type { TimeMode } from '../timeFormat';
import { formatTick, utcOffsetMs } from '../timeFormat';
import { generateTicks, type TimeWindow, timeToPercent } from '../timeScale';

export interface TimelineTicksProps {
  window: TimeWindow;
  tickMs: number;
  /** Width of the track (px): labels are thinned so they never overlap (tickLabels.ts). */
  widthPx: number;
  timeZone: string;
  timeMode: TimeMode;
}

/** Tick marks along the top of the track, labelled as often as the track's width leaves room for. */
export function TimelineTicks({ window, tickMs, widthPx, timeZone, timeMode }: TimelineTicksProps) {
  const labelIntervalMs = tickLabelIntervalMs(tickMs, window.endMs - window.startMs, widthPx, timeMode);
  const ticks = generateTicks(window, tickMs, utcOffsetMs(window.startMs, timeZone), labelIntervalMs);
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
            <span data-testid="timeline-tick-label" style={{ position: 'absolute', top: 12, left: 2, fontSize: 10, whiteSpace: 'nowrap' }}>
              {formatTick(tick.ms, labelIntervalMs, timeZone, timeMode)}
            </span>
          )}
        </div>
      ))}
    </>
  );
}
