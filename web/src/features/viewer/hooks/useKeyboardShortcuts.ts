import { useEffect, useRef } from 'react';
import { isTypingTarget, type ShortcutAction, shortcutFor } from '../shortcuts';

/** Player shortcuts on the whole page (not while typing, not with Ctrl/Alt/Meta). */
export function useKeyboardShortcuts(onAction: (action: ShortcutAction) => void, enabled = true) {
  const latest = useRef(onAction);
  latest.current = onAction;
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey || event.defaultPrevented) return;
      if (isTypingTarget(event.target)) return;
      const target = event.target as HTMLElement | null;
      // Space on a focused button or slider belongs to it.
      if (event.key === ' ' && target?.closest?.('button, [role="slider"], [role="menuitem"]')) return;
      if (event.key.startsWith('Arrow') && target?.closest?.('[role="slider"]')) return;
      const action = shortcutFor(event.key);
      if (!action) return;
      event.preventDefault();
      latest.current(action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
