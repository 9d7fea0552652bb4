import { type RefObject, useEffect, useState } from 'react';

/** The default picture shape until the media says its own (spec 02 §4: 16:9 video area). */
export const DEFAULT_ASPECT = 16 / 9;

/** Width / height of the picture decoded in `videoRef`, following size changes (quality switch, new init). */
export function useMediaAspect(videoRef: RefObject<HTMLVideoElement | null>): number {
  const [aspect, setAspect] = useState(DEFAULT_ASPECT);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const update = () => {
      if (video.videoWidth > 0 && video.videoHeight > 0) setAspect(video.videoWidth / video.videoHeight);
    };
    video.addEventListener('loadedmetadata', update);
    video.addEventListener('resize', update);
    return () => {
      video.removeEventListener('loadedmetadata', update);
      video.removeEventListener('resize', update);
    };
  }, [videoRef]);
  return aspect;
}
