import { useCallback, useEffect, useRef, useState } from 'react';

/** True once the pointer has rested `delayMs` on the element; false again when it leaves. */
export function useHoverDelay(delayMs: number) {
  const [hovered, setHovered] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const clear = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };
  const onPointerEnter = useCallback(() => {
    clear();
    timer.current = setTimeout(() => setHovered(true), delayMs);
  }, [delayMs]);
  const onPointerLeave = useCallback(() => {
    clear();
    setHovered(false);
  }, []);
  useEffect(() => clear, []);
  return { hovered, onPointerEnter, onPointerLeave };
}
