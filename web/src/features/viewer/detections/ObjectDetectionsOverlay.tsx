import { type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DETECTIONS_CANVAS, DETECTIONS_CANVAS_FISHEYE, DETECTIONS_INTERPOLATION_MS } from '../constants';
import type { ZoomState } from '../zoom';
import { type DrawnBox, drawDetections } from './drawDetections';
import { boxesAt } from './interpolation';
import { boxToStage, containRect, type PlaybackAnchor, playbackWallMs } from './overlayGeometry';
import { useObjectDetections } from './useObjectDetections';

const CANVAS_STYLE = { position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' } as const;
const LABEL_KEYS = ['detected-person', 'detected-vehicle', 'detected-text'] as const;

export interface ObjectDetectionsOverlayProps {
  cameraId: number;
  /** A fisheye picture: the square canvas. */
  fisheye: boolean;
  videoRef: RefObject<HTMLVideoElement | null>;
  zoom: ZoomState;
  /** The recorded video's wall-clock time the player last reported (ms). */
  playheadMs: number | null;
}

/**
 * Detected objects over recorded video (spec 02 §2, §4, §9): a canvas over the video area, redrawn in the next
 * animation frame whenever the time on screen, the zoom, the layout or the detections change, with each track's box
 * at that time where the picture shows it (letterboxing and digital zoom included) and a label such as 'Person 87 %'.
 * Mounted only in history with the setting on: unmounted, its detections are gone. `data-boxes` counts what is drawn.
 */
export function ObjectDetectionsOverlay({ cameraId, fisheye, videoRef, zoom, playheadMs }: ObjectDetectionsOverlayProps) {
  const { t } = useTranslation('viewer');
  const { store, version } = useObjectDetections(cameraId, playheadMs);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const anchorRef = useRef<PlaybackAnchor | null>(null);
  const size = fisheye ? DETECTIONS_CANVAS_FISHEYE : DETECTIONS_CANVAS;

  useEffect(() => {
    anchorRef.current = playheadMs === null ? null : { wallMs: playheadMs, mediaS: videoRef.current?.currentTime ?? 0 };
  }, [playheadMs, videoRef]);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context || !store) return;
    let drawn = '';
    let frame = 0;
    const draw = () => {
      frame = requestAnimationFrame(draw);
      const video = videoRef.current;
      const anchor = anchorRef.current;
      const areaWidth = video?.clientWidth ?? 0;
      const areaHeight = video?.clientHeight ?? 0;
      const timeMs = video && anchor ? playbackWallMs(anchor, video.currentTime) : null;
      const key = `${timeMs}|${areaWidth}x${areaHeight}|${video?.videoWidth}x${video?.videoHeight}`;
      if (key === drawn) return;
      drawn = key;
      const picture = containRect(areaWidth, areaHeight, video?.videoWidth ?? 0, video?.videoHeight ?? 0);
      const boxes: DrawnBox[] =
        timeMs === null || picture.width === 0
          ? []
          : boxesAt(store.around(timeMs, DETECTIONS_INTERPOLATION_MS), timeMs).map((track) => ({
              rect: boxToStage(track.box, picture, zoom),
              objectClass: track.objectClass,
              label: t(LABEL_KEYS[track.objectClass], { percent: Math.round(track.confidence * 100) }),
            }));
      drawDetections(context, canvas, { width: areaWidth, height: areaHeight }, boxes);
      canvas.dataset.boxes = String(boxes.length);
    };
    draw();
    return () => cancelAnimationFrame(frame);
  }, [store, version, zoom, videoRef, t]);

  return (
    <canvas
      ref={canvasRef}
      width={size.width}
      height={size.height}
      aria-hidden
      data-testid="detections-overlay"
      style={CANVAS_STYLE}
    />
  );
}
