import { type RefObject, useCallback, useEffect } from 'react';

/**
 * Calls `onNearEnd` when the end of the scrolled content of `ref` is within `marginPx` of its visible end: on scroll,
 * and whenever `contentKey` changes (a page that does not fill the box asks for the next one at once). Nothing is
 * asked while the box has no height (hidden, or not laid out).
 */
export function useNearEnd(
  ref: RefObject<HTMLElement | null>,
  { marginPx, enabled, onNearEnd, contentKey }: { marginPx: number; enabled: boolean; onNearEnd: () => void; contentKey: unknown },
): () => void {
  const check = useCallback(() => {
    const element = ref.current;
    if (!enabled || !element || element.clientHeight === 0) return;
    if (element.scrollHeight - element.scrollTop - element.clientHeight <= marginPx) onNearEnd();
  }, [ref, enabled, marginPx, onNearEnd]);

  useEffect(check, [check, contentKey]);
  return check;
}
