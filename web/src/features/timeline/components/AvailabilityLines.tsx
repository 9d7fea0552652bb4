import type { AvailabilityRanges, Range } from '../availabilityBlocks';
import { type TimeWindow, timeToPercent } from '../timeScale';

const LINES: ReadonlyArray<{ kind: keyof AvailabilityRanges; color: string; top: number }> = [
  { kind: 'camera', color: 'var(--mantine-color-green-6)', top: 34 },
  { kind: 'cloud', color: 'var(--mantine-color-blue-6)', top: 40 },
];

function segmentStyle([start, end]: Range, window: TimeWindow) {
  const left = Math.max(0, timeToPercent(start, window));
  const right = Math.min(100, timeToPercent(end, window));
  return { left: `${left}%`, width: `${Math.max(0, right - left)}%` };
}

/** Recorded ranges: camera recording in green, cloud archive in blue. */
export function AvailabilityLines({ ranges, window }: { ranges: AvailabilityRanges; window: TimeWindow }) {
  return (
    <>
      {LINES.map(({ kind, color, top }) =>
        ranges[kind]
          .filter(([start, end]) => end > window.startMs && start < window.endMs)
          .map((range) => (
            <div
              key={`${kind}-${range[0]}`}
              data-testid={`availability-${kind}`}
              style={{ position: 'absolute', top, height: 4, background: color, ...segmentStyle(range, window) }}
            />
          )),
      )}
    </>
  );
}
