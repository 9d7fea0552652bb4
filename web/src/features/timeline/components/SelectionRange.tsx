import type { KeyboardEvent, PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Selection, SelectionHandle } from '../selection';
import { type TimeWindow, timeToPercent } from '../timeScale';

export interface SelectionRangeProps {
  selection: Selection;
  window: TimeWindow;
  /** Converts a pointer's clientX into a time on the track. */
  timeAt: (clientX: number) => number;
  /** Arrow keys move a handle by this much. */
  keyStepMs: number;
  onMove: (handle: SelectionHandle, ms: number) => void;
}

const KEY_DIRECTION: Record<string, number> = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1 };

/** The selected range with draggable left and right handles (also movable with the arrow keys). */
export function SelectionRange({ selection, window, timeAt, keyStepMs, onMove }: SelectionRangeProps) {
  const { t } = useTranslation('timeline');
  const left = timeToPercent(selection.startMs, window);
  const right = timeToPercent(selection.endMs, window);

  const handleProps = (handle: SelectionHandle) => {
    const value = handle === 'left' ? selection.startMs : selection.endMs;
    return {
      role: 'slider',
      tabIndex: 0,
      'aria-label': t(handle === 'left' ? 'selection-start' : 'selection-end'),
      'aria-valuenow': value,
      onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
        event.stopPropagation();
        event.currentTarget.setPointerCapture?.(event.pointerId);
      },
      onPointerMove: (event: PointerEvent<HTMLDivElement>) => {
        if (event.currentTarget.hasPointerCapture?.(event.pointerId)) onMove(handle, timeAt(event.clientX));
      },
      onClick: (event: { stopPropagation: () => void }) => event.stopPropagation(),
      onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => {
        const direction = KEY_DIRECTION[event.key];
        if (!direction) return;
        event.preventDefault();
        event.stopPropagation();
        onMove(handle, value + direction * keyStepMs);
      },
      style: {
        position: 'absolute' as const,
        top: 0,
        bottom: 0,
        width: 8,
        marginLeft: -4,
        cursor: 'ew-resize',
        background: 'var(--mantine-color-yellow-5)',
        borderRadius: 2,
      },
    };
  };

  return (
    <>
      <div
        data-testid="timeline-selection"
        style={{
          position: 'absolute',
          top: 0,
          bottom: 0,
          left: `${left}%`,
          width: `${right - left}%`,
          background: 'rgba(250, 200, 0, 0.2)',
          pointerEvents: 'none',
        }}
      />
      <div {...handleProps('left')} style={{ ...handleProps('left').style, left: `${left}%` }} />
      <div {...handleProps('right')} style={{ ...handleProps('right').style, left: `${right}%` }} />
    </>
  );
}
