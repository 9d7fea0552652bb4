import { useCallback, useEffect, useState } from 'react';

/** Where Escape belongs to an open dropdown (a menu or popover closes itself) rather than to theater mode. */
const DROPDOWN_SELECTOR = '[role="menu"], [role="dialog"], [role="listbox"]';

/**
 * Theater mode (spec 02 §4): the viewer takes the page; Escape leaves it. Listened in the capture phase because the
 * focused control's tooltip stops Escape from bubbling; Escape inside an open dropdown only closes that dropdown.
 */
export function useTheaterMode(): [boolean, () => void] {
  const [theater, setTheater] = useState(false);
  useEffect(() => {
    if (!theater) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(DROPDOWN_SELECTOR)) return;
      setTheater(false);
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [theater]);
  const toggle = useCallback(() => setTheater((value) => !value), []);
  return [theater, toggle];
}
