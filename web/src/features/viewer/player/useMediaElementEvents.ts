import { type RefObject, useEffect } from 'react';
import type { PlayerEvent } from './types';

/** Forwards the media element's playing/waiting/ended and time updates; applies muted, rate and paused. */
export function useMediaElementEvents(
  videoRef: RefObject<HTMLVideoElement | null>,
  options: { muted: boolean; paused: boolean; playbackRate: number },
  latest: RefObject<{ onEvent: (event: PlayerEvent) => void; onTime: () => void }>,
) {
  const { muted, paused, playbackRate } = options;

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const listeners: Array<[string, () => void]> = [
      ['playing', () => latest.current.onEvent('playing')],
      ['waiting', () => latest.current.onEvent('waiting')],
      ['ended', () => latest.current.onEvent('ended')],
      ['timeupdate', () => latest.current.onTime()],
      [
        'canplay',
        () => {
          if (video.paused && video.dataset.paused !== 'true') void video.play()?.catch(() => undefined);
        },
      ],
    ];
    for (const [name, listener] of listeners) video.addEventListener(name, listener);
    return () => {
      for (const [name, listener] of listeners) video.removeEventListener(name, listener);
    };
  }, [videoRef, latest]);

  useEffect(() => {
    const video = videoRef.current;
    if (video) video.muted = muted;
  }, [videoRef, muted]);

  useEffect(() => {
    const video = videoRef.current;
    if (video) video.playbackRate = playbackRate;
  }, [videoRef, playbackRate]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (paused) {
      video.dataset.paused = 'true';
      video.pause();
    } else {
      delete video.dataset.paused;
      void video.play()?.catch(() => undefined);
    }
  }, [videoRef, paused]);
}
