import { type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MINIMAP_HEIGHT, MINIMAP_WIDTH } from '../constants';
import { visibleRect, type ZoomState } from '../zoom';

export interface MinimapProps {
  videoRef: RefObject<HTMLVideoElement | null>;
  zoom: ZoomState;
  areaWidth: number;
  areaHeight: number;
}

/** The whole frame on a 960x540 canvas shown scaled down, with the zoomed-in part outlined. */
export function Minimap({ videoRef, zoom, areaWidth, areaHeight }: MinimapProps) {
  const { t } = useTranslation('viewer');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let frame = 0;
    const draw = () => {
      const context = canvasRef.current?.getContext('2d');
      const video = videoRef.current;
      if (context) {
        context.fillStyle = '#000';
        context.fillRect(0, 0, MINIMAP_WIDTH, MINIMAP_HEIGHT);
        if (video && video.readyState >= 2) context.drawImage(video, 0, 0, MINIMAP_WIDTH, MINIMAP_HEIGHT);
        const rect = visibleRect(zoom, areaWidth, areaHeight);
        context.strokeStyle = '#ffd43b';
        context.lineWidth = 8;
        context.strokeRect(rect.left * MINIMAP_WIDTH, rect.top * MINIMAP_HEIGHT, rect.width * MINIMAP_WIDTH, rect.height * MINIMAP_HEIGHT);
      }
      frame = requestAnimationFrame(draw);
    };
    draw();
    return () => cancelAnimationFrame(frame);
  }, [videoRef, zoom, areaWidth, areaHeight]);
  return (
    <canvas
      ref={canvasRef}
      width={MINIMAP_WIDTH}
      height={MINIMAP_HEIGHT}
      aria-label={t('minimap')}
      data-testid="zoom-minimap"
      style={{ position: 'absolute', right: 8, top: 8, width: 160, height: 90, border: '1px solid #fff', pointerEvents: 'none' }}
    />
  );
}
