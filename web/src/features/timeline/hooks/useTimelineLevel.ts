import { useCallback, useMemo, useState } from 'react';
import { DEFAULT_LEVEL_INDEX, FUTURE_MARGIN_RATIO, SCROLL_STEP_RATIO, TIMELINE_LEVELS } from '../constants';
import type { TimeWindow } from '../timeScale';

export interface TimelineView {
  levelIndex: number;
  setLevelIndex: (index: number) => void;
  window: TimeWindow;
  /** True while the window's right edge follows now. */
  following: boolean;
  scrollLeft: () => void;
  scrollRight: () => void;
  /** Makes `ms` visible (centred) if it is outside the window. */
  reveal: (ms: number) => void;
  follow: () => void;
}

/** The zoom level and the visible window: following now (live) or fixed at an end time after a scroll or seek. */
export function useTimelineLevel(nowMs: number): TimelineView {
  const [levelIndex, setLevel] = useState(DEFAULT_LEVEL_INDEX);
  const [fixedEndMs, setFixedEndMs] = useState<number | null>(null);
  const spanMs = TIMELINE_LEVELS[levelIndex].spanMs;
  const followEndMs = nowMs + spanMs * FUTURE_MARGIN_RATIO;
  const endMs = fixedEndMs === null ? followEndMs : Math.min(fixedEndMs, followEndMs);
  const window = useMemo(() => ({ startMs: endMs - spanMs, endMs }), [endMs, spanMs]);

  const setLevelIndex = useCallback(
    (index: number) => {
      const next = Math.min(TIMELINE_LEVELS.length - 1, Math.max(0, index));
      if (fixedEndMs !== null) {
        const center = fixedEndMs - spanMs / 2;
        setFixedEndMs(center + TIMELINE_LEVELS[next].spanMs / 2);
      }
      setLevel(next);
    },
    [fixedEndMs, spanMs],
  );
  const scrollLeft = useCallback(() => setFixedEndMs(endMs - spanMs * SCROLL_STEP_RATIO), [endMs, spanMs]);
  const scrollRight = useCallback(() => {
    const next = endMs + spanMs * SCROLL_STEP_RATIO;
    setFixedEndMs(next >= followEndMs ? null : next);
  }, [endMs, spanMs, followEndMs]);
  const reveal = useCallback(
    (ms: number) => {
      if (ms >= window.startMs && ms <= window.endMs) return;
      const next = ms + spanMs / 2;
      setFixedEndMs(next >= followEndMs ? null : next);
    },
    [window, spanMs, followEndMs],
  );
  const follow = useCallback(() => setFixedEndMs(null), []);

  return { levelIndex, setLevelIndex, window, following: fixedEndMs === null, scrollLeft, scrollRight, reveal, follow };
}
