import { useCallback, useEffect, useState } from 'react';
import { WAITING_DEBOUNCE_MS } from '../constants';
import type { PlayerEvent } from '../player/types';

/**
 * Video core state (spec 02 §4): uninitialized ('initializing player') until the transport attaches, initializing
 * ('connecting to camera') until the first frame plays, then playing; waiting shows 'fetching metadata' only after
 * 500 ms. Errors, missing video and an offline camera are terminal until the source changes.
 */
export type VideoStatus = 'uninitialized' | 'initializing' | 'playing' | 'waiting' | 'error' | 'no-video' | 'offline';

export function useVideoStatus(sourceKey: string): [VideoStatus, (event: PlayerEvent) => void] {
  const [status, setStatus] = useState<VideoStatus>('uninitialized');
  const [waiting, setWaiting] = useState(false);
  const [key, setKey] = useState(sourceKey);
  if (key !== sourceKey) {
    setKey(sourceKey);
    setStatus('uninitialized');
    setWaiting(false);
  }

  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setStatus((current) => (current === 'playing' ? 'waiting' : current)), WAITING_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [waiting]);

  const onEvent = useCallback((event: PlayerEvent) => {
    switch (event) {
      case 'attaching':
        setStatus('initializing');
        break;
      case 'playing':
        setWaiting(false);
        setStatus((current) => (current === 'error' || current === 'no-video' ? current : 'playing'));
        break;
      case 'waiting':
        setWaiting(true);
        break;
      case 'ended':
        setWaiting(false);
        break;
      default:
        setWaiting(false);
        setStatus(event);
    }
  }, []);
  return [status, onEvent];
}
