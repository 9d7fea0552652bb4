import { useState } from 'react';

export interface AccessLogPaging {
  /** The `before_id` of the page shown; null for the newest. */
  beforeId: number | null;
  /** How many pages back from the newest. */
  depth: number;
  older: (nextBeforeId: number) => void;
  newer: () => void;
  newest: () => void;
}

/**
 * Which page of the log is shown: a stack of the `before_id`s walked back through, so that 'Newer' returns one page.
 * Any change of `filtersKey` starts again from the newest page.
 */
export function useAccessLogPaging(filtersKey: string): AccessLogPaging {
  const [state, setState] = useState<{ key: string; stack: number[] }>({ key: filtersKey, stack: [] });
  const stack = state.key === filtersKey ? state.stack : [];
  const set = (next: number[]) => setState({ key: filtersKey, stack: next });
  return {
    beforeId: stack.length > 0 ? stack[stack.length - 1] : null,
    depth: stack.length,
    older: (nextBeforeId) => set([...stack, nextBeforeId]),
    newer: () => set(stack.slice(0, -1)),
    newest: () => set([]),
  };
}
