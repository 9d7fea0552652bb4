import { useCallback, useState } from 'react';
import { initialSelection, moveHandle, moveSelectionTo, type Selection, type SelectionHandle } from '../selection';

export interface TimelineSelection {
  selection: Selection | null;
  start: (centerMs: number, nowMs: number) => void;
  stop: () => void;
  move: (handle: SelectionHandle, ms: number, nowMs: number) => void;
  moveHere: (centerMs: number, nowMs: number) => void;
}

/** Selection mode of the timeline: a range with two handles (spec 02 §4). */
export function useTimelineSelection(): TimelineSelection {
  const [selection, setSelection] = useState<Selection | null>(null);
  const start = useCallback((centerMs: number, nowMs: number) => setSelection(initialSelection(centerMs, nowMs)), []);
  const stop = useCallback(() => setSelection(null), []);
  const move = useCallback(
    (handle: SelectionHandle, ms: number, nowMs: number) =>
      setSelection((current) => (current ? moveHandle(current, handle, ms, nowMs) : current)),
    [],
  );
  const moveHere = useCallback(
    (centerMs: number, nowMs: number) =>
      setSelection((current) => (current ? moveSelectionTo(current, centerMs, nowMs) : current)),
    [],
  );
  return { selection, start, stop, move, moveHere };
}
