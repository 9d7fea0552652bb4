import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

/** `?ts=` (seconds): seeks there once, then removes the parameter from the address (spec 02 §2). */
export function useTsParam(onSeek: (ms: number) => void) {
  const [params, setParams] = useSearchParams();
  const ts = params.get('ts');
  useEffect(() => {
    if (ts === null) return;
    const seconds = Number(ts);
    if (ts.trim() !== '' && Number.isFinite(seconds)) onSeek(seconds * 1000);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('ts');
        return next;
      },
      { replace: true },
    );
  }, [ts, onSeek, setParams]);
}
