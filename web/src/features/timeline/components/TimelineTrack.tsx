import { Tooltip } from '@mantine/core';
import { useElementSize, useMergedRef } from '@mantine/hooks';
import { type MouseEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AvailabilityRanges } from '../availabilityBlocks';
import { NO_SEEK_REASON_SHOWN_MS, TIMELINE_TRACK_HEIGHT_PX } from '../constants';
import type { Selection, SelectionHandle } from '../selection';
import { formatClock, type TimeMode } from '../timeFormat';
import { pixelToTime, type TimeWindow, timeToPercent } from '../timeScale';
import type { MotionEvent } from '../../motion-search/types';
import { AvailabilityLines } from './AvailabilityLines';
import { MotionRecapBlocks } from './MotionRecapBlocks';
import { SelectionRange } from './SelectionRange';
import { TimelineTicks } from './TimelineTicks';

export interface TimelineTrackProps {
  window: TimeWindow;
  tickMs: number;
  nowMs: number;
  playheadMs: number | null;
  availability: AvailabilityRanges;
  motionEvents: readonly MotionEvent[];
  /** More marks, drawn above the motion blocks (bookmarks); a click on one must not reach the track. */
  marks?: ReactNode;
  selection: Selection | null;
  timeZone: string;
  timeMode: TimeMode;
  canSeek: boolean;
  onPick: (ms: number) => void;
  onMoveHandle: (handle: SelectionHandle, ms: number) => void;
}

function marker(percent: number, color: string) {
  return {
    position: 'absolute' as const,
    left: `${percent}%`,
    top: 0,
    bottom: 0,
    borderLeft: `2px solid ${color}`,
    pointerEvents: 'none' as const,
  };
}

/** The 48 px track: ticks, availability, motion-recap blocks, other marks, NOW, playhead, hover time and selection. */
export function TimelineTrack(props: TimelineTrackProps) {
  const { window, nowMs, playheadMs, timeZone, timeMode, canSeek } = props;
  const { t } = useTranslation('timeline');
  const ref = useRef<HTMLDivElement>(null);
  const { ref: sizeRef, width } = useElementSize<HTMLDivElement>();
  const trackRef = useMergedRef(ref, sizeRef);
  const [hoverMs, setHoverMs] = useState<number | null>(null);

  const timeAt = useCallback(
    (clientX: number) => {
      const rect = ref.current?.getBoundingClientRect();
      return rect ? pixelToTime(clientX - rect.left, rect.width, window) : window.startMs;
    },
    [window],
  );
  // Without the right to seek, a click says why (for a while, even when the pointer leaves) instead of nothing.
  const [reasonByClick, setReasonByClick] = useState(false);
  useEffect(() => {
    if (!reasonByClick) return;
    const timer = setTimeout(() => setReasonByClick(false), NO_SEEK_REASON_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [reasonByClick]);
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (canSeek) props.onPick(timeAt(event.clientX));
    else setReasonByClick(true);
  };
  const nowPercent = timeToPercent(nowMs, window);
  const playheadVisible = playheadMs !== null && playheadMs >= window.startMs && playheadMs <= window.endMs;

  return (
    <Tooltip label={t('no-history-right')} opened={!canSeek && (hoverMs !== null || reasonByClick)} multiline w={280}>
    <div
      ref={trackRef}
      data-testid="timeline-track"
      aria-label={t('track')}
      aria-disabled={!canSeek}
      onClick={onClick}
      onMouseMove={(event) => setHoverMs(timeAt(event.clientX))}
      onMouseLeave={() => setHoverMs(null)}
      style={{
        position: 'relative',
        height: TIMELINE_TRACK_HEIGHT_PX,
        overflow: 'hidden',
        cursor: canSeek ? 'pointer' : 'not-allowed',
        background: 'var(--mantine-color-default)',
        borderRadius: 4,
      }}
    >
      <TimelineTicks window={window} tickMs={props.tickMs} widthPx={width} timeZone={timeZone} timeMode={timeMode} />
      <AvailabilityLines ranges={props.availability} window={window} />
      <MotionRecapBlocks events={props.motionEvents} window={window} timeZone={timeZone} timeMode={timeMode} />
      {props.marks}
      {nowPercent <= 100 && (
        <div data-testid="timeline-now" style={marker(nowPercent, 'var(--mantine-color-red-6)')}>
          <span style={{ position: 'absolute', bottom: 0, left: 2, fontSize: 9, color: 'var(--mantine-color-red-6)' }}>
            {t('now')}
          </span>
        </div>
      )}
      {playheadVisible && (
        <div data-testid="timeline-playhead" style={marker(timeToPercent(playheadMs, window), 'var(--mantine-color-text)')}>
          <span style={{ position: 'absolute', top: 24, left: 3, fontSize: 10, whiteSpace: 'nowrap' }}>
            {formatClock(playheadMs, timeZone, timeMode)}
          </span>
        </div>
      )}
      {hoverMs !== null && (
        <div data-testid="timeline-hover" style={marker(timeToPercent(hoverMs, window), 'var(--mantine-color-dimmed)')}>
          <span style={{ position: 'absolute', bottom: 0, left: 3, fontSize: 10, whiteSpace: 'nowrap' }}>
            {formatClock(hoverMs, timeZone, timeMode)}
          </span>
        </div>
      )}
      {props.selection && (
        <SelectionRange
          selection={props.selection}
          window={window}
          timeAt={timeAt}
          keyStepMs={1000}
          onMove={props.onMoveHandle}
        />
      )}
    </div>
    </Tooltip>
  );
}
