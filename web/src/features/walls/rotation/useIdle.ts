import { useEffect, useState } from 'react';

const INPUT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * True once `timeoutMs` passed without pointer, keyboard, wheel or touch input on the window; any input makes it
 * false again and restarts the clock. For the wall analytics' idle shutdown (spec 02 §4, IDLE_SHUTDOWN_MS).
 */
export function useIdle(timeoutMs: number): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let timer = setTimeout(() => setIdle(true), timeoutMs);
    const onInput = () => {
      clearTimeout(timer);
      setIdle(false);
      timer = setTimeout(() => setIdle(true), timeoutMs);
    };
    for (const type of INPUT_EVENTS) window.addEventListener(type, onInput, { passive: true });
    return () => {
      clearTimeout(timer);
      for (const type of INPUT_EVENTS) window.removeEventListener(type, onInput);
    };
  }, [timeoutMs]);
  return idle;
}
