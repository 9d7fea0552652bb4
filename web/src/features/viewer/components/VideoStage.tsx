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
  /** The media's aspect ratio: the stage is the largest box of it that fits its parent (a size container). */
  fillAspect?: number;
}

/** The video area (largest fit at the media's aspect, else 16:9 full width): the `<video>` under the digital-zoom transform, the minimap and the status overlay. */
export function VideoStage({ areaRef, videoRef, zoom, poster, overlay, children, fillAspect }: VideoStageProps) {
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
        aspectRatio: fillAspect ? String(fillAspect) : '16 / 9',
        width: fillAspect ? `min(100cqw, ${fillAspect} * 100cqh)` : '100%',
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
