import { MIN_SELECTION_MS, SELECTION_INITIAL_MS } from './constants';

export type SelectionHandle = 'left' | 'right';

export interface Selection {
  startMs: number;
  endMs: number;
}

/**
 * Moves one handle to `ms` (never beyond now). When the range would get shorter than the 5000 ms minimum the other
 * handle is pushed along; if that would push the right handle past now, the moved handle stops instead.
 */
export function moveHandle(selection: Selection, handle: SelectionHandle, ms: number, nowMs: number): Selection {
  const target = Math.min(ms, nowMs);
  if (handle === 'left') {
    const startMs = Math.min(target, nowMs - MIN_SELECTION_MS);
    const endMs = Math.max(selection.endMs, startMs + MIN_SELECTION_MS);
    return { startMs, endMs };
  }
  const endMs = target;
  const startMs = Math.min(selection.startMs, endMs - MIN_SELECTION_MS);
  return { startMs, endMs };
}

/** The selection a new selection mode starts with: 150 s ending at `centerMs` + 75 s, kept before now. */
export function initialSelection(centerMs: number, nowMs: number): Selection {
  const endMs = Math.min(nowMs, centerMs + SELECTION_INITIAL_MS / 2);
  return { startMs: endMs - SELECTION_INITIAL_MS, endMs };
}

/** The same range length centred on `centerMs`, kept before now ('Move selected range here'). */
export function moveSelectionTo(selection: Selection, centerMs: number, nowMs: number): Selection {
  const length = selection.endMs - selection.startMs;
  const endMs = Math.min(nowMs, centerMs + length / 2);
  return { startMs: endMs - length, endMs };
}
