import { useCallback, useEffect, useState } from 'react';
import { CONTROLS_AUTO_HIDE_MS } from '../constants';

/** While `enabled` (theater or fullscreen), controls hide after 5 s without mouse movement; `poke` shows them. */
export function useAutoHide(enabled: boolean): { visible: boolean; poke: () => void } {
  const [lastMove, setLastMove] = useState(0);
  const [hidden, setHidden] = useState(false);
  const poke = useCallback(() => {
    setHidden(false);
    setLastMove((value) => value + 1);
  }, []);
  useEffect(() => {
    if (!enabled) {
      setHidden(false);
      return;
    }
    const timer = setTimeout(() => setHidden(true), CONTROLS_AUTO_HIDE_MS);
    return () => clearTimeout(timer);
  }, [enabled, lastMove]);
  return { visible: !enabled || !hidden, poke };
}
