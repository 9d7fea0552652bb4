import { type RefObject, useEffect, useState } from 'react';
import { elementHasAudio } from '../audio';

/** Media events after which the element knows (more) about its tracks. */
const AUDIO_PROBE_EVENTS = ['loadedmetadata', 'playing', 'timeupdate'] as const;

/** Whether the media playing in `videoRef` has sound; asked again for each new `sourceKey`. */
export function useMediaHasAudio(videoRef: RefObject<HTMLVideoElement | null>, sourceKey: string): boolean {
  const [hasAudio, setHasAudio] = useState(false);
  useEffect(() => {
    setHasAudio(false);
    const video = videoRef.current;
    if (!video) return;
    const probe = () => {
      if (!elementHasAudio(video)) return;
      setHasAudio(true);
      for (const event of AUDIO_PROBE_EVENTS) video.removeEventListener(event, probe);
    };
    for (const event of AUDIO_PROBE_EVENTS) video.addEventListener(event, probe);
    return () => {
      for (const event of AUDIO_PROBE_EVENTS) video.removeEventListener(event, probe);
    };
  }, [videoRef, sourceKey]);
  return hasAudio;
}
