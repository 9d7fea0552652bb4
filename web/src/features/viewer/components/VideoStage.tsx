import { type ReactNode, type RefObject, useState } from 'react';
import type { DigitalZoom } from '../hooks/useDigitalZoom';
import { Minimap } from './Minimap';

export interface VideoStageProps {
  areaRef: RefObject<HTMLDivElement | null>;
  videoRef: RefObject<HTMLVideoElement | null>;
  zoom: DigitalZoom;
  poster?: string;
  /** Status or message drawn over the video. */
  overlay: ReactNode;
  /** The transport (renders nothing itself). */
  children?: ReactNode;
}

/** The 16:9 video area: the `<video>` under the digital-zoom transform, the minimap and the status overlay. */
export function VideoStage({ areaRef, videoRef, zoom, poster, overlay, children }: VideoStageProps) {
  const [hovering, setHovering] = useState(false);
  const { scale, x, y } = zoom.zoom;
  return (
    <div
      ref={areaRef}
      data-testid="video-stage"
      onMouseEnter={() => setHovering(true)}
      onMouseLeave={() => setHovering(false)}
      {...zoom.handlers}
      style={{
        position: 'relative',
        aspectRatio: '16 / 9',
        width: '100%',
        overflow: 'hidden',
        background: '#000',
        touchAction: 'none',
        cursor: scale > 1 ? 'grab' : 'default',
      }}
    >
      <video
        ref={videoRef}
        data-testid="camera-video"
        playsInline
        muted
        poster={poster}
        style={{
          width: '100%',
          height: '100%',
          objectFit: 'contain',
          transformOrigin: '0 0',
          transform: `translate(${x}px, ${y}px) scale(${scale})`,
        }}
      />
      {children}
      {scale !== 1 && hovering && (
        <Minimap
          videoRef={videoRef}
          zoom={zoom.zoom}
          areaWidth={areaRef.current?.clientWidth ?? 0}
          areaHeight={areaRef.current?.clientHeight ?? 0}
        />
      )}
      {overlay}
    </div>
  );
}
