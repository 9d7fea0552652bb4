import { type RefObject, useEffect } from 'react';
import { claimBootPreview, releaseBootPreview, releaseBootPreviewOn } from '../bootPreview/bootPreview';
import { rememberViewerStage } from '../bootPreview/bootPreviewLayer';
import type { VideoStatus } from './useVideoStatus';

/**
 * The viewer's side of the boot preview (bootPreview/bootPreview.ts): it takes the preview over when it mounts, lets it go
 * once its own video presented a frame (or at once when it shows no player or a failure), and remembers where its
 * video box is for the next cold load in this viewport size (not in theater or fullscreen: that box is the viewport).
 */
export function useBootPreviewHandover(
  videoRef: RefObject<HTMLVideoElement | null>,
  stageBoxRef: RefObject<HTMLDivElement | null>,
  status: VideoStatus,
  showPlayer: boolean,
  layout: { immersive: boolean; width: number; height: number },
): void {
  useEffect(() => claimBootPreview(), []);

  useEffect(() => {
    if (status === 'playing') {
      const video = videoRef.current;
      if (video) releaseBootPreviewOn(video);
      else releaseBootPreview();
    } else if (!showPlayer || status === 'error' || status === 'offline' || status === 'no-video') releaseBootPreview();
  }, [videoRef, status, showPlayer]);

  // Again whenever the box changes size (the page around it settling, a resize): the last box is where it stays.
  const { immersive, width, height } = layout;
  useEffect(() => {
    const box = stageBoxRef.current;
    if (status === 'playing' && !immersive && box && width > 0 && height > 0) rememberViewerStage(box.getBoundingClientRect());
  }, [stageBoxRef, status, immersive, width, height]);
}
